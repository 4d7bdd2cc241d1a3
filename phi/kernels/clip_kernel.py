"""clip(x, min: Scalar, max: Scalar) -> out: x limited to [min, max]."""

from phi.kernels.impl.clip_kernel_impl import clip_kernel

__all__ = ["clip_kernel"]
