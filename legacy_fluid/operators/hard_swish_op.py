"""hard_swish: out = x * min(max(x + offset, 0), threshold) / scale (complex x on CPU: clipped
by the real part, see phi.kernels.funcs.complex_activation)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import XDataKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class HardSwishOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


register_operator("hard_swish", HardSwishOp)
register_op_table(XDataKernel, [
    OpKernelRow("hard_swish", "HardSwishKernel", act_funcs.hardswish,
                (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128),
                (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16),
                attrs=("threshold", "scale", "offset")),
])
