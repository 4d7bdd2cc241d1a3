"""reciprocal(x) -> out: out = 1 / x."""

from phi.kernels.impl.reciprocal_kernel_impl import reciprocal_kernel

__all__ = ["reciprocal_kernel"]
