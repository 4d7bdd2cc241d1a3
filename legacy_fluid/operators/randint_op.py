"""randint: integers in [low, high) of `shape` (or the ShapeTensor / ShapeTensorList
values); a non-zero `seed` gives Paddle 3.3.1's own values, which depend on `dtype`
only (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.operators.random_op import requested_shape
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class RandintOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        random_funcs.check_randint_range(ctx.attr("low"), ctx.attr("high"))
        ctx.set_output_dim("Out", requested_shape(ctx))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


class RandintKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        low = ctx.attr("low")
        high = ctx.attr("high")
        seed = ctx.attr("seed")
        data = out.mutable_data(ctx.place, out.dtype)
        random_funcs.randint(ctx.xp, low, high, seed, data)


VERIFY_CASES = [{"name": f"seeded {dtype}", "dtypes": [dtype],
                 "attrs": {"shape": [3, 4], "low": -3, "high": 9, "seed": 7, "dtype": vt}}
                for dtype, vt in (("INT32", 2), ("INT64", 3))]

register_operator("randint", RandintOp)
for _dtype in (DataType.INT32, DataType.INT64):
    register_op_kernel("randint", "CPU", RandintKernel, _dtype)
    register_op_kernel("randint", "GPU", RandintKernel, _dtype)
