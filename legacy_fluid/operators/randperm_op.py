"""randperm: a random permutation of 0 .. n-1 in `dtype`, from the process-wide generator
as Paddle's (its runtime `seed` attribute is unused); math in phi.kernels.funcs.random."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import VarType
from legacy_fluid.operators.kernel_templates import OutOnlyKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class RandpermOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", random_funcs.randperm_dims(ctx.attr("n")))
        ctx.set_output_dtype("Out", VarType(int(ctx.attr("dtype"))).to_phi())

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(VarType(int(ctx.attr("dtype"))).to_phi(), ctx.place)


VERIFY_CASES = [{"name": f"n 6 {dtype}", "dtypes": [dtype], "attrs": {"n": 6, "dtype": vt}}
                for dtype, vt in (("INT32", 2), ("INT64", 3), ("FLOAT32", 5), ("FLOAT64", 6))]

register_operator("randperm", RandpermOp)
register_op_table(OutOnlyKernel, [
    OpKernelRow("randperm", "RandpermKernel", random_funcs.randperm,
                (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)),
], by_dtype=True)
