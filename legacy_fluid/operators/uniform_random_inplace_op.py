"""uniform_random_inplace: Out (X's dims and type) refilled with uniform values in [min,
max), Paddle's own bits for a non-zero `seed`; the diag_* attributes do nothing on the CPU,
as in Paddle (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class UniformRandomInplaceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class UniformRandomInplaceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        low = ctx.attr("min")
        high = ctx.attr("max")
        seed = ctx.attr("seed")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.uniform_inplace(ctx.xp, low, high, seed, data)


VERIFY_CASES = [{"name": "seeded", "inputs": {"X": (3, 4)}, "attrs": {"seed": 7}}]

register_operator("uniform_random_inplace", UniformRandomInplaceOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("uniform_random_inplace", "CPU", UniformRandomInplaceKernel, _dtype)
    register_op_kernel("uniform_random_inplace", "GPU", UniformRandomInplaceKernel, _dtype)
