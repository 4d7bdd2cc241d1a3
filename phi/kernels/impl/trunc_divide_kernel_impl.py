"""trunc_divide: one body for every backend (math in phi.kernels.funcs.elementwise)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_broadcast

_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
          DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64]


register_table(binary_broadcast, [
    KernelRow("trunc_divide", ew_funcs.trunc_divide, _TYPES),
])
