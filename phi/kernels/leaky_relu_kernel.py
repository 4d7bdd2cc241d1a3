"""leaky_relu(x, negative_slope: float) -> out."""

from phi.kernels.impl.leaky_relu_kernel_impl import leaky_relu_kernel

__all__ = ["leaky_relu_kernel"]
