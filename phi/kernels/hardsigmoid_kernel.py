"""hardsigmoid(x, slope: float, offset: float) -> out."""

from phi.kernels.impl.hardsigmoid_kernel_impl import hardsigmoid_kernel

__all__ = ["hardsigmoid_kernel"]
