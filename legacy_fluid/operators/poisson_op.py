"""poisson: a Poisson(X) count per element, in X's type (a rate not > 0 gives 0).
Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class PoissonOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class PoissonKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.poisson(ctx.xp, x.data, data)


register_operator("poisson", PoissonOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("poisson", "CPU", PoissonKernel, _dtype)
    register_op_kernel("poisson", "GPU", PoissonKernel, _dtype)
