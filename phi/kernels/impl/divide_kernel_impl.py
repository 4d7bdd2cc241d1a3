"""divide: out = x / y; integers truncate toward zero; bool x / True is x (a zero divisor:
an error).

`divide` broadcasts NumPy-style; `divide_raw` aligns y with x at dimension `axis`.
"""

from __future__ import annotations

from phi.common import DataType
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_axis, binary_broadcast

#: Paddle 3.3.1's CPU dtypes (no half types); GPU: half types, no bool / int8 / uint8
_CPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.BOOL, DataType.UINT8,
              DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16,
              DataType.INT16, DataType.INT32, DataType.INT64, DataType.COMPLEX64,
              DataType.COMPLEX128]


register_table(binary_broadcast, [
    KernelRow("divide", ew_funcs.divide, _CPU_TYPES, _GPU_TYPES),
])


register_table(binary_axis, [
    KernelRow("divide_raw", ew_funcs.divide,
              [t for t in _CPU_TYPES if t not in ew_funcs.NO_DIVIDE_RAW_CPU_TYPES], _GPU_TYPES),
])
