"""Binary kernels and the composites built on them (importing the package registers
every op)."""

from . import binary, composite

__all__ = ["binary", "composite"]
