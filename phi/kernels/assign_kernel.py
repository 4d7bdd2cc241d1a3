"""assign(x: optional Tensor) -> out: a copy of x."""

from phi.kernels.impl.assign_kernel_impl import assign_kernel

__all__ = ["assign_kernel"]
