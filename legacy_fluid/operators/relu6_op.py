"""relu6: out = min(max(x, 0), threshold); threshold is an extra attribute (6)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs


class Relu6Op(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class Relu6Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        threshold = ctx.attr("threshold")
        xd = x.data
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.relu6(ctx.xp, xd, threshold, data)


register_operator("relu6", Relu6Op)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("relu6", "CPU", Relu6Kernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("relu6", "GPU", Relu6Kernel, _dtype)
