"""index_add: X with AddValue's slices added to X's slices at Index (1-D int32 / int64 ids,
negatives from the end) along `axis`; math in phi.kernels.funcs.indexing."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import indexing as index_funcs


class IndexAddKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        add_value = ctx.input("AddValue")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.index_add(ctx.xp, x.data, index.data, add_value.data, axis, data)


register_operator("index_add", OperatorWithKernel)
for _dtype in (DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32,
               DataType.INT64):
    register_op_kernel("index_add", "CPU", IndexAddKernel, _dtype)
    register_op_kernel("index_add", "GPU", IndexAddKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "axis 1", "attrs": {"axis": 1}, "inputs": {
    "X": (3, 4), "Index": {"value": [3, 0, 3], "dtype": "int64"}, "AddValue": (3, 3)}}]
