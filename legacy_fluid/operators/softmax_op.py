"""softmax: Out = exp(s) / sum(exp(s)) with s = max(X - max, -64) along `axis` (default -1,
the last); see phi.kernels.funcs.softmax."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import softmax as softmax_funcs


class SoftmaxOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class SoftmaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        softmax_funcs.softmax(ctx.xp, x.data, axis, data)


register_operator("softmax", SoftmaxOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("softmax", "CPU", SoftmaxKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16):
    register_op_kernel("softmax", "GPU", SoftmaxKernel, _dtype)
