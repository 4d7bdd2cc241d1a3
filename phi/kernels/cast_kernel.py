"""cast(x, dtype: DataType) -> out: x's values as `dtype` (C cast semantics).

Selected by x's dtype; floats truncate toward zero, complex keeps the real part.
"""

from phi.kernels.impl.cast_kernel_impl import cast_kernel

__all__ = ["cast_kernel"]
