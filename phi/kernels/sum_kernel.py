"""sum(x, axis: IntArray, dtype: DataType, keepdim: bool) -> out;
sum_raw(x, axis: IntArray, keepdim: bool, reduce_all: bool, dtype: DataType) -> out.

Sum over `axis` (empty, or every axis, or reduce_all: over everything).
out's dtype is `dtype`, or when UNDEFINED x's, except bool/int32 inputs which
sum into int64; half types accumulate in float32.
"""

from phi.kernels.impl.sum_kernel_impl import sum_kernel, sum_raw_kernel

__all__ = ["sum_kernel", "sum_raw_kernel"]
