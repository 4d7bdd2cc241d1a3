"""logical_or: Out = X or Y, bool (maker and operator shared with logical_and_op)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.logical_and_op import LogicalBinaryOp, LogicalBinaryOpMaker
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs

_CPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
              DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
              DataType.COMPLEX128)


class LogicalOrKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.logical_or(ctx.xp, x.data, y.data, data)


register_operator("logical_or", LogicalBinaryOp, LogicalBinaryOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("logical_or", "CPU", LogicalOrKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("logical_or", "GPU", LogicalOrKernel, _dtype)
