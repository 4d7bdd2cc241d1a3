"""scale(x, scale: Scalar, bias: float, bias_after_scale: bool) -> out."""

from phi.kernels.impl.scale_kernel_impl import scale_kernel

__all__ = ["scale_kernel"]
