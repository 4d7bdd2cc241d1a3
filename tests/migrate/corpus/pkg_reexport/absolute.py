"""Imports a kernel class by its absolute name, under another name."""

from pkg_reexport.quad import QuadKernel as Quad  # noqa: F401
