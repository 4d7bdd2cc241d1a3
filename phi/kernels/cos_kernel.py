"""cos(x) -> out: out = cos(x)."""

from phi.kernels.impl.cos_kernel_impl import cos_kernel

__all__ = ["cos_kernel"]
