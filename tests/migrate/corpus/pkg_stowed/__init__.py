"""Team S: kernels composing, through a stored instance, a kernel of another module."""
