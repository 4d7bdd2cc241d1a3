"""Logical kernels: logical_and / logical_or / logical_xor (NumPy broadcasting) and
logical_not.

out is bool; nonzero elements read as true. Rows of the element-wise tables
(phi.core.kernel_table).
"""

from __future__ import annotations

from phi.common import DataType
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import compare as compare_funcs
from phi.kernels.impl.elementwise_templates import binary_bool_out, bool_out

_CPU_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]
_GPU_TYPES = [DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128]


#: (name, funcs function, CPU dtypes, GPU dtypes)
register_table(binary_bool_out, [
    KernelRow("logical_and", compare_funcs.logical_and, _CPU_TYPES, _GPU_TYPES),
    KernelRow("logical_or", compare_funcs.logical_or, _CPU_TYPES, _GPU_TYPES),
    KernelRow("logical_xor", compare_funcs.logical_xor, _CPU_TYPES, _GPU_TYPES),
])


register_table(bool_out, [
    KernelRow("logical_not", compare_funcs.logical_not, _CPU_TYPES, _GPU_TYPES),
])
