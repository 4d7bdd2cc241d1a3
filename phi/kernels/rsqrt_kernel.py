"""rsqrt(x) -> out: out = 1 / sqrt(x)."""

from phi.kernels.impl.rsqrt_kernel_impl import rsqrt_kernel

__all__ = ["rsqrt_kernel"]
