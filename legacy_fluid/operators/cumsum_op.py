"""cumsum: Out = running sums of X along `axis` (of the flattened X when `flatten`, Out then
being 1-D); `exclusive` leaves each element out of its own sum, `reverse` sums from the
back."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import cumsum as cumsum_funcs

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.UINT8, DataType.INT8,
              DataType.INT16, DataType.INT32, DataType.INT64, DataType.COMPLEX64,
              DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.UINT8,
              DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


class CumsumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        exclusive = ctx.attr("exclusive")
        reverse = ctx.attr("reverse")
        data = out.mutable_data(ctx.place, x.dtype)
        cumsum_funcs.cumsum(ctx.xp, x.data, axis, flatten, exclusive, reverse, data)


register_operator("cumsum", OperatorWithKernel)
for _dtype in _CPU_TYPES:
    register_op_kernel("cumsum", "CPU", CumsumKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("cumsum", "GPU", CumsumKernel, _dtype)
