"""flatten2(x, axis: int) -> (out, xshape?)."""

from phi.kernels.impl.flatten2_kernel_impl import flatten2_kernel

__all__ = ["flatten2_kernel"]
