"""logical_not(x) -> out (bool): not x."""

from phi.kernels.impl.logical_not_kernel_impl import logical_not_kernel

__all__ = ["logical_not_kernel"]
