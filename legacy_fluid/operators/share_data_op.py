"""share_data: Out holds X's values (Paddle shares X's buffer; fluidphi copies it, which no
inference program can tell apart: nothing writes X in place afterwards)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import assign as assign_funcs


class ShareDataOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


register_operator("share_data", ShareDataOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("share_data", "ShareDataKernel", assign_funcs.assign,
                (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT32, DataType.INT64,
                 DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64)),
], by_dtype=True)
