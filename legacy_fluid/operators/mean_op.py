"""mean (Paddle 1.x/2.x): the mean of every element of X as one 0-D value (PHI mean_all;
an empty X gives NaN); math in phi.kernels.funcs.reduce."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs

_CPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.BFLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128)
_GPU = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.COMPLEX64,
        DataType.COMPLEX128)


class MeanOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class MeanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        reduce_funcs.mean_all(ctx.xp, x.data, data)


register_operator("mean", MeanOp)
for _dtype in _CPU:
    register_op_kernel("mean", "CPU", MeanKernel, _dtype)
for _dtype in _GPU:
    register_op_kernel("mean", "GPU", MeanKernel, _dtype)
