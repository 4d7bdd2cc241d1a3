"""segment_pool: rows of X pooled by their sorted SegmentIds into Out[id] (SUM, MEAN, MAX or
MIN; a segment without rows gives 0; Out has the last id + 1 rows); SummedIds the row counts.
Math in phi.kernels.funcs.statistics."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import statistics as stat_funcs


class SegmentPoolOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SegmentPoolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        segment_ids = ctx.input("SegmentIds")
        out = ctx.output("Out")
        summed_ids = ctx.output("SummedIds")
        ids = segment_ids.numpy()
        stat_funcs.check_segment_ids(ids, x.dims[0])
        dims, summed_dims = stat_funcs.segment_pool_dims(x.dims, ids)
        out.resize(dims)
        summed_ids.resize(summed_dims)
        data = out.mutable_data(ctx.place, x.dtype)
        summed = summed_ids.mutable_data(ctx.place, x.dtype)
        stat_funcs.segment_pool(ctx.xp, x.data, segment_ids.data, ctx.attr("pooltype"), data,
                                summed)


register_operator("segment_pool", SegmentPoolOp)
for _dtype in (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32,
               DataType.INT64):
    register_op_kernel("segment_pool", "CPU", SegmentPoolKernel, _dtype)
    register_op_kernel("segment_pool", "GPU", SegmentPoolKernel, _dtype)

VERIFY_CASES = [{"name": "max", "attrs": {"pooltype": "MAX"},
                 "inputs": {"X": (5, 3), "SegmentIds": {"value": [0, 0, 2, 2, 3],
                                                        "dtype": "int64"}}}]
