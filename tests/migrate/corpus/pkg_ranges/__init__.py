"""Team R: kernels reading their attributes by names a class or module constant lists, and
a kernel reading a class-level dict of literals."""
