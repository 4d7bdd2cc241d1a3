"""ceil(x) -> out: out = x rounded toward +inf (integers unchanged)."""

from phi.kernels.impl.ceil_kernel_impl import ceil_kernel

__all__ = ["ceil_kernel"]
