"""Team K: kernels holding another kernel of the module and calling its plain methods."""
