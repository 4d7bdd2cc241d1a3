"""Team F's public surface: a kernel class a factory built, re-exported for its users."""

from .ops import AbsKernel

__all__ = ["AbsKernel"]
