"""min(x, axis: IntArray = {}, keepdim: bool = False) -> out: the smallest element (NaN wins) over
axis (empty: all); min_raw(x, axis, keepdim, reduce_all: bool) -> out."""

from phi.kernels.impl.min_kernel_impl import min_kernel, min_raw_kernel

__all__ = ["min_kernel", "min_raw_kernel"]
