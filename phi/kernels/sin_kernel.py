"""sin(x) -> out: out = sin(x)."""

from phi.kernels.impl.sin_kernel_impl import sin_kernel

__all__ = ["sin_kernel"]
