"""reduce_mean: mean over `dim` (integer inputs: truncating division)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.reduce_sum_op import ReduceOp, ReduceOpMaker
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs


class ReduceMeanOp(ReduceOp):
    """Output dtype is X's (the base behaviour)."""


class ReduceMeanKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = out.mutable_data(ctx.place, x.dtype)
        reduce_funcs.reduce_mean(ctx.xp, x.data, axes, data)


_MEAN_CPU_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT32,
                   DataType.FLOAT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.COMPLEX64,
                   DataType.COMPLEX128)
_MEAN_GPU_TYPES = tuple(t for t in _MEAN_CPU_TYPES if t is not DataType.BFLOAT16)

register_operator("reduce_mean", ReduceMeanOp, ReduceOpMaker)
for _dtype in _MEAN_CPU_TYPES:
    register_op_kernel("reduce_mean", "CPU", ReduceMeanKernel, _dtype)
for _dtype in _MEAN_GPU_TYPES:
    register_op_kernel("reduce_mean", "GPU", ReduceMeanKernel, _dtype)
