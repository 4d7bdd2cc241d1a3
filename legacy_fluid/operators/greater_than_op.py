"""greater_than: Out = X > Y, bool (maker and operator shared with equal_op)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.equal_op import CompareOp, CompareOpMaker
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
              DataType.FLOAT64)
_GPU_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
              DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64)


class GreaterThanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.greater_than(ctx.xp, x.data, y.data, axis, data)


register_operator("greater_than", CompareOp, CompareOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("greater_than", "CPU", GreaterThanKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("greater_than", "GPU", GreaterThanKernel, _dtype)
