"""sigmoid(x) -> out."""

from phi.kernels.impl.sigmoid_kernel_impl import sigmoid_kernel

__all__ = ["sigmoid_kernel"]
