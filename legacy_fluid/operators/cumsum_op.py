"""cumsum: Out = running sums of X along `axis` (of the flattened X when `flatten`, Out then
being 1-D); `exclusive` leaves each element out of its own sum, `reverse` sums from the
back."""

from __future__ import annotations

from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import cumsum as cumsum_funcs

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64, DataType.COMPLEX64,
              DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8,
              DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


register_operator("cumsum", OperatorWithKernel)
register_op_table(SameDtypeKernel, [
    OpKernelRow("cumsum", "CumsumKernel", cumsum_funcs.cumsum, _CPU_TYPES, _GPU_TYPES,
                attrs=("axis", "flatten", "exclusive", "reverse")),
])
