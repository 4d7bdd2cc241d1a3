"""Kernels keeping their execution context on the instance for error messages: the base
stores `self._ctx = ctx` first thing in compute(), `fail()` names the op through it."""

from . import composed, gauge, scale  # noqa: F401
