"""truncated_gaussian_random: normal(mean, std) values of `shape` inside [a, b] by
inverting the CDF; a non-zero `seed` gives Paddle's own bits (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import random as random_funcs


class TruncatedGaussianRandomOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", full_funcs.check_shape(list(ctx.attr("shape"))))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


class TruncatedGaussianRandomKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.output("Out")
        mean = ctx.attr("mean")
        std = ctx.attr("std")
        seed = ctx.attr("seed")
        a = ctx.attr("a")
        b = ctx.attr("b")
        data = out.mutable_data(ctx.place, out.dtype)
        random_funcs.truncated_gaussian_random(ctx.xp, mean, std, seed, a, b, data)


VERIFY_CASES = [{"name": f"seeded {dtype}", "dtypes": [dtype],
                 "attrs": {"shape": [3, 4], "seed": 7, "dtype": var_type}}
                for dtype, var_type in (("FLOAT32", 5), ("FLOAT64", 6), ("BFLOAT16", 22))]

register_operator("truncated_gaussian_random", TruncatedGaussianRandomOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16):
    register_op_kernel("truncated_gaussian_random", "CPU", TruncatedGaussianRandomKernel, _dtype)
    register_op_kernel("truncated_gaussian_random", "GPU", TruncatedGaussianRandomKernel, _dtype)
