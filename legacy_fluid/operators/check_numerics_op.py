"""check_numerics: counts of NaN / inf / zero and the max / min / mean of a tensor; a NaN or
inf raises at check_nan_inf_level 0 (Paddle's debugging op). Math:
phi.kernels.funcs.debugging.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import debugging
from phi.kernels.funcs.cast import FLOAT8_TYPES


class CheckNumericsOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """stats: [3] int64; values: [3] float32."""
        ctx.set_output_dim("stats", (3,))
        ctx.set_output_dtype("stats", DataType.INT64)
        ctx.set_output_dim("values", (3,))
        ctx.set_output_dtype("values", DataType.FLOAT32)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "tensor"), ctx.place)


class CheckNumericsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        debugging.check_numerics(
            ctx.xp, "check_numerics", ctx.input("tensor").data, ctx.attr("op_type"),
            ctx.attr("var_name"), ctx.attr("check_nan_inf_level"), ctx.attr("output_dir"),
            ctx.output("stats").mutable_data(ctx.place, DataType.INT64),
            ctx.output("values").mutable_data(ctx.place, DataType.FLOAT32))


VERIFY_CASES = [
    {"name": "finite", "inputs": {"tensor": {"value": [1.0, 0.0, -2.5]}},
     "outputs": {"stats": 1, "values": 1}},
]

register_operator("check_numerics", CheckNumericsOp)
for _dtype in debugging.CHECK_NUMERICS_DTYPES:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("check_numerics", _backend, CheckNumericsKernel, _dtype)
for _dtype in FLOAT8_TYPES:
    register_op_kernel("check_numerics", "CPU", CheckNumericsKernel, _dtype)
