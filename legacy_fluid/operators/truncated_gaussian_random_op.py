"""truncated_gaussian_random: normal(mean, std) values of `shape` inside [a, b] by
inverting the CDF; a non-zero `seed` gives Paddle's own bits (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.operators.kernel_templates import OutOnlyKernel
from phi.common import DataType
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs import random as random_funcs


class TruncatedGaussianRandomOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", full_funcs.check_shape(list(ctx.attr("shape"))))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


VERIFY_CASES = [{"name": f"seeded {dtype}", "dtypes": [dtype],
                 "attrs": {"shape": [3, 4], "seed": 7, "dtype": var_type}}
                for dtype, var_type in (("FLOAT32", 5), ("FLOAT64", 6), ("BFLOAT16", 22))]

register_operator("truncated_gaussian_random", TruncatedGaussianRandomOp)
register_op_table(OutOnlyKernel, [
    OpKernelRow("truncated_gaussian_random", "TruncatedGaussianRandomKernel",
                random_funcs.truncated_gaussian_random,
                (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16),
                attrs=("mean", "std", "seed", "a", "b")),
], by_dtype=True)
