"""pow(x, y: Scalar = 1.0) -> out: x ** y (fluid's pow: y from `factor` or FactorTensor)."""

from phi.kernels.impl.pow_kernel_impl import pow_kernel

__all__ = ["pow_kernel"]
