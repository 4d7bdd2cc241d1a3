"""equal_all: whether X and Y have the same dims and equal elements (a 0-D bool; NaN equals
nothing). Math in phi.kernels.funcs.compare."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import compare as compare_funcs


class EqualAllKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        compare_funcs.equal_all(ctx.xp, x.data, y.data, data)


register_operator("equal_all", OperatorWithKernel)
for _dtype in (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("equal_all", "CPU", EqualAllKernel, _dtype)
    register_op_kernel("equal_all", "GPU", EqualAllKernel, _dtype)
