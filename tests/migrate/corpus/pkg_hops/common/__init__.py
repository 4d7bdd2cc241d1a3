"""The shared helpers, re-exported, and the template kernels."""

from .bufs import attr_tuple, make_out, widest

__all__ = ["attr_tuple", "make_out", "widest"]

from . import template  # noqa: F401 (the templates load with the package)
