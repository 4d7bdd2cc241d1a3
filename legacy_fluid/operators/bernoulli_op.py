"""bernoulli: 1 with probability X, else 0, in X's type; X outside [0, 1] (or NaN) is
refused. Draws from the process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class BernoulliOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class BernoulliKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.bernoulli(ctx.xp, x.data, data)


VERIFY_CASES = [{"name": "probabilities", "inputs": {"X": {"shape": (3, 4), "low": 0,
                                                           "high": 1}}}]

register_operator("bernoulli", BernoulliOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("bernoulli", "CPU", BernoulliKernel, _dtype)
    register_op_kernel("bernoulli", "GPU", BernoulliKernel, _dtype)
