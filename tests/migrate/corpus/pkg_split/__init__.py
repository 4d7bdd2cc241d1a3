"""Ops whose operator one module registers (`mathops/remainder.py`, with its int kernels)
and whose float kernels another module adds (`compat_kernels.py`, importing nothing of the
operator's module but the shared maker and operator)."""

from . import compat_kernels  # noqa: F401
from .mathops import remainder  # noqa: F401
