"""logical_and(x, y) -> out (bool): x and y."""

from phi.kernels.impl.logical_and_kernel_impl import logical_and_kernel

__all__ = ["logical_and_kernel"]
