"""log_softmax: Out = log(softmax(X)) along `axis`, computed as s - log(sum(exp(s))) with
s = max(X - max, -64) as Paddle's softmax (see phi.kernels.funcs.softmax)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import unary_math

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16)


class LogSoftmaxOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LogSoftmaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        unary_math.log_softmax(ctx.xp, x.data, axis, data)


register_operator("log_softmax", LogSoftmaxOp)
for _dtype in _CPU_TYPES:
    register_op_kernel("log_softmax", "CPU", LogSoftmaxKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("log_softmax", "GPU", LogSoftmaxKernel, _dtype)
