"""where(condition, x, y) -> out: x where condition, else y."""

from phi.kernels.impl.where_kernel_impl import where_kernel

__all__ = ["where_kernel"]
