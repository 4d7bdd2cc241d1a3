"""Kernels keeping a run counter on the instance: one only ever bumped (write-only, dropped
by the migration), one read back by its own `__repr__`, one read by another module."""

from . import clip, probe, shown  # noqa: F401
