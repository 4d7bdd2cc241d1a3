"""sign(x) -> out: out = -1, 0 or 1 by the sign of x; NaN stays NaN."""

from phi.kernels.impl.sign_kernel_impl import sign_kernel

__all__ = ["sign_kernel"]
