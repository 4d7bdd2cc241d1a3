"""Legacy fluid operators: one module per op with its maker, operator class and kernels."""
