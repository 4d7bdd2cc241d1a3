"""hard_sigmoid: out = min(max(slope * x + offset, 0), 1)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class HardSigmoidKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        slope = ctx.attr("slope")
        offset = ctx.attr("offset")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.hardsigmoid(ctx.xp, xd, slope, offset, data)


register_operator("hard_sigmoid", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("hard_sigmoid", "CPU", HardSigmoidKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("hard_sigmoid", "GPU", HardSigmoidKernel, _dtype)
