"""A package whose kernels allocate through a helper of another module (`alloc.py`)."""

from . import kernels, rebound  # noqa: F401
