"""is_empty: Out (0-D bool) = whether X has no elements. Math in
phi.kernels.funcs.controlflow."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import controlflow as controlflow_funcs


class IsEmptyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, DataType.BOOL)
        controlflow_funcs.is_empty(ctx.xp, x.data, data)


register_operator("is_empty", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("is_empty", "CPU", IsEmptyKernel, _dtype)
    register_op_kernel("is_empty", "GPU", IsEmptyKernel, _dtype)
