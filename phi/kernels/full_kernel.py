"""full(shape: IntArray, value: Scalar, dtype: DataType) -> out.

out has dims `shape` and element type `dtype`, every element `value` converted with
C cast semantics. The kernel of fluid's `fill_constant`.
"""

from phi.kernels.impl.full_kernel_impl import full_kernel

__all__ = ["full_kernel"]
