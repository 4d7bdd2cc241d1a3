"""multinomial: `num_samples` category ids per row of X (weights on the last axis), with
or without replacement, int64; negative weights, a zero row or too few non-zero
categories are refused. Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class MultinomialKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        num_samples = ctx.attr("num_samples")
        replacement = ctx.attr("replacement")
        data = out.mutable_data(ctx.place, DataType.INT64)
        random_funcs.multinomial(ctx.xp, x.data, num_samples, replacement, data)


VERIFY_CASES = [{"name": "weights", "inputs": {"X": {"shape": (3, 4), "low": 0.1, "high": 1}},
                 "attrs": {"num_samples": 2}}]

register_operator("multinomial", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("multinomial", "CPU", MultinomialKernel, _dtype)
    register_op_kernel("multinomial", "GPU", MultinomialKernel, _dtype)
