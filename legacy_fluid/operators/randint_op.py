"""randint: integers in [low, high) of `shape` (or the ShapeTensor / ShapeTensorList
values); a non-zero `seed` gives Paddle 3.3.1's own values, which depend on `dtype`
only (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.operators.kernel_templates import OutOnlyKernel
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


VERIFY_CASES = [{"name": f"seeded {dtype}", "dtypes": [dtype],
                 "attrs": {"shape": [3, 4], "low": -3, "high": 9, "seed": 7, "dtype": vt}}
                for dtype, vt in (("INT32", 2), ("INT64", 3))]

register_operator("randint", RandintOp)
register_op_table(OutOnlyKernel, [
    OpKernelRow("randint", "RandintKernel", random_funcs.randint, (DataType.INT32, DataType.INT64),
                attrs=("low", "high", "seed")),
], by_dtype=True)
