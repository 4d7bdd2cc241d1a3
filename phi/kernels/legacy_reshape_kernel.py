"""legacy_reshape(x, shape: IntArray) -> out: reshape for fluid's `reshape` (v1) op."""

from phi.kernels.impl.legacy_reshape_kernel_impl import legacy_reshape_kernel

__all__ = ["legacy_reshape_kernel"]
