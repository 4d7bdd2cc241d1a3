"""The v2 ops."""

from . import scale_v2

__all__ = ["scale_v2"]
