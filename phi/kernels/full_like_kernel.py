"""full_like(x, value: Scalar, dtype: DataType) -> out: x's dims, every element `value`.

dtype UNDEFINED means x's dtype; integer outputs truncate the value toward
zero, and values outside the output type's range are an error. The kernel key
is the output dtype; x's data is never read.
"""

from phi.kernels.impl.full_like_kernel_impl import full_like_kernel

__all__ = ["full_like_kernel"]
