"""abs(x) -> out: out = |x|; the modulus for complex x, whose result is real."""

from phi.kernels.impl.abs_kernel_impl import abs_kernel

__all__ = ["abs_kernel"]
