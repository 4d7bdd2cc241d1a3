"""square(x) -> out: out = x * x."""

from phi.kernels.impl.square_kernel_impl import square_kernel

__all__ = ["square_kernel"]
