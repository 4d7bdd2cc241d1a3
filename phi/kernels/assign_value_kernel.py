"""assign_value(shape: list[int], dtype: DataType, values: list[Scalar]) -> out: the
constant tensor holding `values` (numbers or Scalars) in `shape`."""

from phi.kernels.impl.assign_value_kernel_impl import assign_value_kernel

__all__ = ["assign_value_kernel"]
