"""gumbel_softmax: softmax((X + Gumbel noise) / temperature) along `axis`, or with `hard`
its one-hot maximum. Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class GumbelSoftmaxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


register_operator("gumbel_softmax", GumbelSoftmaxOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("gumbel_softmax", "GumbelSoftmaxKernel", random_funcs.gumbel_softmax,
                (DataType.FLOAT32, DataType.FLOAT64), attrs=("temperature", "hard", "axis")),
], by_dtype=True)
