"""Team S: kernels that register themselves as their class statement runs."""
