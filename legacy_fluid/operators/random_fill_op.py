"""random: out (x's dims and type) refilled with integers in [from, to), from the
process-wide generator as Paddle's; an empty range is refused (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class RandomOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("out", ctx.get_input_dim("x"))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class RandomKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        low = ctx.attr("from")
        high = ctx.attr("to")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.random_fill(ctx.xp, low, high, data)


VERIFY_CASES = [{"name": "range", "inputs": {"x": (3, 4)}, "attrs": {"from": -3, "to": 9}}]

register_operator("random", RandomOp)
for _dtype in (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
               DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("random", "CPU", RandomKernel, _dtype)
    register_op_kernel("random", "GPU", RandomKernel, _dtype)
