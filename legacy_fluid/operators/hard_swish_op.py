"""hard_swish: out = x * min(max(x + offset, 0), threshold) / scale (complex x on CPU: clipped
by the real part, see phi.kernels.funcs.complex_activation)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class HardSwishOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class HardSwishKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        threshold = ctx.attr("threshold")
        scale = ctx.attr("scale")
        offset = ctx.attr("offset")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.hardswish(ctx.xp, xd, threshold, scale, offset, data)


register_operator("hard_swish", HardSwishOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("hard_swish", "CPU", HardSwishKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("hard_swish", "GPU", HardSwishKernel, _dtype)
