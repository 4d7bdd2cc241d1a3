"""The stats ops: the kernels on the generic bases, and the module retuning one base."""

from . import kernels, tuning, twins

__all__ = ["kernels", "tuning", "twins"]
