"""sqrt(x) -> out: out = sqrt(x) (NaN for negative x)."""

from phi.kernels.impl.sqrt_kernel_impl import sqrt_kernel

__all__ = ["sqrt_kernel"]
