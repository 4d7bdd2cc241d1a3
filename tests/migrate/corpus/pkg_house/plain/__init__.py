"""Kernels registered plainly through `_compat`'s names."""

from . import direct, named  # noqa: F401
