"""max(x, axis: IntArray = {}, keepdim: bool = False) -> out: the largest element (NaN wins) over
axis (empty: all); max_raw(x, axis, keepdim, reduce_all: bool) -> out."""

from phi.kernels.impl.max_kernel_impl import max_kernel, max_raw_kernel

__all__ = ["max_kernel", "max_raw_kernel"]
