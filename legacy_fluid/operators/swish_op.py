"""swish: out = x / (1 + exp(-beta * x)); beta is an extra attribute (1)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class SwishOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class SwishKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        beta = ctx.attr("beta")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.swish(ctx.xp, xd, beta, data)


register_operator("swish", SwishOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("swish", "CPU", SwishKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("swish", "GPU", SwishKernel, _dtype)
