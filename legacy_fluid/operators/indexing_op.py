"""Gathers and scatters by index tensors (int32 / int64, kept as they are):

- gather_nd: Out[i...] = X[Index[i..., :]] (Index's last dim indexes X's leading axes);
- index_select: X's slices at Index (1-D) along `dim`;
- index_sample: Out[i, j] = X[i, Index[i, j]] (2-D X and Index);
- take_along_axis: Result[..i, j, k..] = Input[..i, Index[..i, j, k..], k..];
- put_along_axis: Input with Value reduced into the places Index names along `Axis`
  (`Reduce` assign / add / mul (multiply) / mean / amin / amax; `Include_self`);
- scatter: X with the rows Ids replaced by (overwrite) or set to the sum of (not
  overwrite) the rows of Updates.

Ids out of range raise; negative ids count from the end except in index_sample.
Math in phi.kernels.funcs.indexing.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import indexing as index_funcs

_GATHER_ND_TYPES = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                    DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                    DataType.COMPLEX64, DataType.COMPLEX128)
_INDEX_SELECT_TYPES = (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.BFLOAT16,
                       DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
                       DataType.COMPLEX128)
_INDEX_SELECT_GPU_TYPES = tuple(t for t in _INDEX_SELECT_TYPES if t is not DataType.BFLOAT16)
_INDEX_SAMPLE_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64,
                       DataType.COMPLEX64, DataType.COMPLEX128)
_ALONG_AXIS_TYPES = (DataType.UINT8, DataType.INT16, DataType.INT32, DataType.INT64,
                     DataType.FLOAT32, DataType.FLOAT64)
_SCATTER_TYPES = (DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64)


class _IndexedOp(OperatorWithKernel):
    """An op whose first input's dtype picks the kernel (the ids keep theirs)."""

    data_slot = "X"

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, self.data_slot), ctx.place)


class TakeAlongAxisOp(_IndexedOp):
    data_slot = "Input"


class PutAlongAxisOp(_IndexedOp):
    data_slot = "Input"


class GatherNdKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.gather_nd(ctx.xp, x.data, index.data, data)


class IndexSelectKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        out = ctx.output("Out")
        dim = ctx.attr("dim")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.index_select(ctx.xp, x.data, index.data, dim, data)


class IndexSampleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        index = ctx.input("Index")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.index_sample(ctx.xp, x.data, index.data, data)


class TakeAlongAxisKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        index = ctx.input("Index")
        result = ctx.output("Result")
        axis = ctx.attr("Axis")
        data = result.mutable_data(ctx.place, input.dtype)
        index_funcs.take_along_axis(ctx.xp, input.data, index.data, axis, data)


class PutAlongAxisKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        index = ctx.input("Index")
        value = ctx.input("Value")
        result = ctx.output("Result")
        axis = ctx.attr("Axis")
        reduce = ctx.attr("Reduce")
        include_self = ctx.attr("Include_self")
        data = result.mutable_data(ctx.place, input.dtype)
        index_funcs.put_along_axis(ctx.xp, input.data, index.data, value.data, axis, reduce,
                                   include_self, data)


class ScatterKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        ids = ctx.input("Ids")
        updates = ctx.input("Updates")
        out = ctx.output("Out")
        overwrite = ctx.attr("overwrite")
        data = out.mutable_data(ctx.place, x.dtype)
        index_funcs.scatter(ctx.xp, x.data, ids.data, updates.data, overwrite, data)


def ids_spec(values: list, dtype: str = "int64") -> dict:
    """A VERIFY_CASES input of exactly these integer ids."""
    return {"value": values, "dtype": dtype}


VERIFY_CASES = {
    "gather_nd": [{"name": "pairs", "inputs": {"X": (3, 4, 2),
                                               "Index": ids_spec([[0, 1], [2, -1]])}}],
    "index_select": [{"name": "dim 1", "inputs": {"X": (3, 4), "Index": ids_spec([3, 0, -1])},
                      "attrs": {"dim": 1}}],
    "index_sample": [{"name": "rows", "inputs": {"X": (3, 4),
                                                 "Index": ids_spec([[0, 3], [1, 1], [2, 0]])}}],
    "take_along_axis": [{"name": "axis 1", "attrs": {"Axis": 1},
                         "inputs": {"Input": (3, 4), "Index": ids_spec([[0, 3], [1, 1], [2, 0]])}}],
    "put_along_axis": [{"name": "add axis 1", "attrs": {"Axis": 1, "Reduce": "add"},
                        "inputs": {"Input": (3, 4), "Index": ids_spec([[0, 0], [1, 1], [2, 3]]),
                                   "Value": (3, 2)}}],
    "scatter": [{"name": "overwrite", "inputs": {"X": (3, 4), "Ids": ids_spec([2, 0]),
                                                 "Updates": (2, 4)}},
                {"name": "accumulate", "attrs": {"overwrite": False},
                 "inputs": {"X": (3, 4), "Ids": ids_spec([2, 2]), "Updates": (2, 4)}}],
}

register_operator("gather_nd", _IndexedOp)
register_operator("index_select", _IndexedOp)
register_operator("index_sample", _IndexedOp)
register_operator("take_along_axis", TakeAlongAxisOp)
register_operator("put_along_axis", PutAlongAxisOp)
register_operator("scatter", _IndexedOp)
for _dtype in _GATHER_ND_TYPES:
    register_op_kernel("gather_nd", "CPU", GatherNdKernel, _dtype)
    register_op_kernel("gather_nd", "GPU", GatherNdKernel, _dtype)
for _dtype in _INDEX_SELECT_TYPES:
    register_op_kernel("index_select", "CPU", IndexSelectKernel, _dtype)
for _dtype in _INDEX_SELECT_GPU_TYPES:
    register_op_kernel("index_select", "GPU", IndexSelectKernel, _dtype)
for _dtype in _INDEX_SAMPLE_TYPES:
    register_op_kernel("index_sample", "CPU", IndexSampleKernel, _dtype)
    register_op_kernel("index_sample", "GPU", IndexSampleKernel, _dtype)
for _dtype in _ALONG_AXIS_TYPES:
    register_op_kernel("take_along_axis", "CPU", TakeAlongAxisKernel, _dtype)
    register_op_kernel("take_along_axis", "GPU", TakeAlongAxisKernel, _dtype)
    register_op_kernel("put_along_axis", "CPU", PutAlongAxisKernel, _dtype)
    register_op_kernel("put_along_axis", "GPU", PutAlongAxisKernel, _dtype)
for _dtype in _SCATTER_TYPES:
    register_op_kernel("scatter", "CPU", ScatterKernel, _dtype)
    register_op_kernel("scatter", "GPU", ScatterKernel, _dtype)
