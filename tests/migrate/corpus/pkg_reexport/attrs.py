"""Reads a kernel class as an attribute of its module, imported by its dotted name."""

import pkg_reexport.half

KERNELS = (pkg_reexport.half.HalfKernel,)
