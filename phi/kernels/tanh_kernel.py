"""tanh(x) -> out."""

from phi.kernels.impl.tanh_kernel_impl import tanh_kernel

__all__ = ["tanh_kernel"]
