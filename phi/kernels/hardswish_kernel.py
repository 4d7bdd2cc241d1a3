"""hardswish(x) -> out (threshold 6, scale 6, offset 3);
hardswish_raw(x, threshold: float, scale: float, offset: float) -> out."""

from phi.kernels.impl.hardswish_kernel_impl import hardswish_kernel, hardswish_raw_kernel

__all__ = ["hardswish_kernel", "hardswish_raw_kernel"]
