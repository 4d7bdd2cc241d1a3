"""dirichlet: one Dirichlet(Alpha) sample along Alpha's last axis (Gamma draws over their
sum). Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class DirichletOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("Alpha"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Alpha"))


class DirichletKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        alpha = ctx.input("Alpha")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, alpha.dtype)
        random_funcs.dirichlet(ctx.xp, alpha.data, data)


VERIFY_CASES = [{"name": "alpha", "inputs": {"Alpha": {"shape": (3, 4), "low": 0.5,
                                                       "high": 3}}}]

register_operator("dirichlet", DirichletOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("dirichlet", "CPU", DirichletKernel, _dtype)
    register_op_kernel("dirichlet", "GPU", DirichletKernel, _dtype)
