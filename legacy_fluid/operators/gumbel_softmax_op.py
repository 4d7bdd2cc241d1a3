"""gumbel_softmax: softmax((X + Gumbel noise) / temperature) along `axis`, or with `hard`
its one-hot maximum. Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class GumbelSoftmaxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class GumbelSoftmaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        temperature = ctx.attr("temperature")
        hard = ctx.attr("hard")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.gumbel_softmax(ctx.xp, x.data, temperature, hard, axis, data)


register_operator("gumbel_softmax", GumbelSoftmaxOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("gumbel_softmax", "CPU", GumbelSoftmaxKernel, _dtype)
    register_op_kernel("gumbel_softmax", "GPU", GumbelSoftmaxKernel, _dtype)
