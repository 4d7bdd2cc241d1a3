"""Team U: ufunc kernels, some built at run time."""
