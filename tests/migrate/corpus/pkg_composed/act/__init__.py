"""Team R's activations, re-exported: `gated.py` by a star import, `soft.py`'s kernel by
name."""

from .gated import *  # noqa: F403
from .soft import SoftKernel

__all__ = ["GluKernel", "SoftKernel"]  # noqa: F405
