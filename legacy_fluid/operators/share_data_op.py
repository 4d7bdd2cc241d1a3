"""share_data: Out holds X's values (Paddle shares X's buffer; fluidphi copies it, which no
inference program can tell apart: nothing writes X in place afterwards)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import assign as assign_funcs


class ShareDataOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ShareDataKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        assign_funcs.assign(ctx.xp, x.data, data)


register_operator("share_data", ShareDataOp)
for _dtype in (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
               DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("share_data", "CPU", ShareDataKernel, _dtype)
    register_op_kernel("share_data", "GPU", ShareDataKernel, _dtype)
