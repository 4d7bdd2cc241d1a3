"""gaussian_inplace: out (x's dims and type) refilled with normal(mean, std) values, Paddle's
own for a non-zero `seed` (complex: normal parts of std / sqrt 2); phi.kernels.funcs.random."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class GaussianInplaceOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("out", ctx.get_input_dim("x"))
        ctx.set_output_dtype("out", ctx.get_input_dtype("x"))


class GaussianInplaceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        mean = ctx.attr("mean")
        std = ctx.attr("std")
        seed = ctx.attr("seed")
        data = out.mutable_data(ctx.place, x.dtype)
        random_funcs.gaussian_inplace(ctx.xp, mean, std, seed, data)


VERIFY_CASES = [{"name": "seeded", "inputs": {"x": (3, 4)}, "attrs": {"seed": 7}}]

register_operator("gaussian_inplace", GaussianInplaceOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("gaussian_inplace", "CPU", GaussianInplaceKernel, _dtype)
    register_op_kernel("gaussian_inplace", "GPU", GaussianInplaceKernel, _dtype)
