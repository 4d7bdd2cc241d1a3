"""log(x) -> out: out = ln(x) (-inf at 0, NaN for negative x)."""

from phi.kernels.impl.log_kernel_impl import log_kernel

__all__ = ["log_kernel"]
