"""Kernels that are plain although they look otherwise: an `__init__` only running the
base's, a mixin's compute() handing on through `super()`, a class table of functions."""

from . import inits, mixed, norms  # noqa: F401
