"""argmax(x, axis: Scalar, keepdims: bool, flatten: bool, dtype: DataType) -> out.

Index of the first largest element along `axis` (over all elements when
`flatten`); out is int32 or int64 (dtype UNDEFINED: int64). Without keepdims
the searched axis is dropped (flatten: a 0-D result).
"""

from phi.kernels.impl.argmax_kernel_impl import argmax_kernel

__all__ = ["argmax_kernel"]
