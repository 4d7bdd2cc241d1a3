"""logical_or(x, y) -> out (bool): x or y."""

from phi.kernels.impl.logical_or_kernel_impl import logical_or_kernel

__all__ = ["logical_or_kernel"]
