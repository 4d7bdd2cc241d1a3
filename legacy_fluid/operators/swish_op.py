"""swish: out = x / (1 + exp(-beta * x)); beta is an extra attribute (1)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import XDataKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class SwishOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


register_operator("swish", SwishOp)
register_op_table(XDataKernel, [
    OpKernelRow("swish", "SwishKernel", act_funcs.swish, (DataType.FLOAT32, DataType.FLOAT64),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16), attrs=("beta",)),
])
