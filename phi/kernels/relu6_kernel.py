"""relu6(x) -> out (threshold 6); relu6_raw(x, threshold: float) -> out."""

from phi.kernels.impl.relu6_kernel_impl import relu6_kernel, relu6_raw_kernel

__all__ = ["relu6_kernel", "relu6_raw_kernel"]
