"""prelu(x, alpha, data_format: str, mode: str) -> out."""

from phi.kernels.impl.prelu_kernel_impl import prelu_kernel

__all__ = ["prelu_kernel"]
