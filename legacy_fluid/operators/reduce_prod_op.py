"""reduce_prod: the product, in X's type (integers wrap), over `dim` (every axis when
reduce_all is set or dim is empty).

Shares fluid's reduce maker and operator with reduce_sum; Out has X's dtype.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.reduce_sum_op import ReduceOp, ReduceOpMaker
from phi.common import DataType
from phi.kernels.funcs import reduce as reduce_funcs

_CPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)
_GPU_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32, DataType.INT64,
              DataType.COMPLEX64, DataType.COMPLEX128)


class ReduceProdKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        reduce_all = ctx.attr("reduce_all")
        axes = reduce_funcs.reduce_axes(len(x.dims), dim, reduce_all)
        data = out.mutable_data(ctx.place, x.dtype)
        reduce_funcs.reduce_prod(ctx.xp, x.data, axes, data)


register_operator("reduce_prod", ReduceOp, ReduceOpMaker)
for _dtype in _CPU_TYPES:
    register_op_kernel("reduce_prod", "CPU", ReduceProdKernel, _dtype)
for _dtype in _GPU_TYPES:
    register_op_kernel("reduce_prod", "GPU", ReduceProdKernel, _dtype)
