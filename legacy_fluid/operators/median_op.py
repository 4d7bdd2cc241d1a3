"""median over `axis` (all axes when empty; AxisTensor / AxisTensorList override it): out the
mean of the two middle elements (mode avg; integers truncate) or the lower one (min), medians
their indices within the reduced axes. Math in phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs


class MedianKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        out = ctx.output("out")
        medians = ctx.output("medians")
        mode = ctx.attr("mode")
        axis = ctx.attr("axis")
        if ctx.has_input("AxisTensor"):
            axis = [int(v) for v in ctx.input("AxisTensor").numpy().reshape(-1)]
        elif ctx.has_input("AxisTensorList"):
            axis = [int(t.numpy().reshape(-1)[0]) for t in ctx.multi_input("AxisTensorList")]
        dims, index_dims = stat_funcs.median_dims(x.dims, axis, ctx.attr("keepdim"), mode)
        out.resize(dims)
        medians.resize(index_dims)
        data = out.mutable_data(ctx.place, x.dtype)
        index = medians.mutable_data(ctx.place, DataType.INT64)
        stat_funcs.median(ctx.xp, x.data, axis, mode, data, index)


register_operator("median", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    register_op_kernel("median", "CPU", MedianKernel, _dtype)
    register_op_kernel("median", "GPU", MedianKernel, _dtype)

VERIFY_CASES = [{"name": "axis 1 min", "inputs": {"x": (3, 4)},
                 "attrs": {"axis": [1], "mode": "min"}}]
