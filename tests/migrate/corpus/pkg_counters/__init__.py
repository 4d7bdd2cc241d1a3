"""Kernels keeping a run counter on the instance: one only ever bumped (write-only, dropped
by the migration), one read back by its own `__repr__`, one read by another module; and
kernels of shared bases of another module counting runs on the instance and on the
kernel's class through a helper method (dropped when nothing reads them; kept legacy when
a dashboard reads the class counter or the helper does more than count)."""

from . import clip, probe, shown, tallied  # noqa: F401
