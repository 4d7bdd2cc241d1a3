"""exp(x) -> out: out = e ** x."""

from phi.kernels.impl.exp_kernel_impl import exp_kernel

__all__ = ["exp_kernel"]
