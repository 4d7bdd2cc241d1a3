"""poisson: a Poisson(X) count per element, in X's type (a rate not > 0 gives 0).
Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class PoissonOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


register_operator("poisson", PoissonOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("poisson", "PoissonKernel", random_funcs.poisson,
                (DataType.FLOAT32, DataType.FLOAT64)),
], by_dtype=True)
