"""leaky_relu: out = x for x >= 0, alpha * x below."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class LeakyReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        alpha = ctx.attr("alpha")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.leaky_relu(ctx.xp, xd, alpha, data)


register_operator("leaky_relu", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("leaky_relu", "CPU", LeakyReluKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("leaky_relu", "GPU", LeakyReluKernel, _dtype)
