"""Sorting and searching ops (int64 Indices unless said otherwise):

- arg_min: index of the smallest element along `axis` (arg_max's attributes and rules:
  ties give the lowest index, NaN never wins);
- argsort (`axis`, `descending`, `stable`): X sorted along `axis` and where each element
  came from; NaN sorts above every number;
- top_k_v2 (`k`, or the K tensor when fed; `axis`, `largest`, `sorted`): the k largest
  (smallest) elements, sorted, and their indices;
- kthvalue (`k`, `axis`, `keepdim`): the k-th smallest element and its index;
- mode (`axis`, `keepdim`): the most frequent element (the smallest of them) and the index
  of its last occurrence;
- searchsorted (SortedSequence, Values; `right`, `out_int32`): insertion points.

Paddle orders equal elements as libstdc++'s sort / select algorithms leave them: stable
for argsort with `stable`, and on short rows (16 for sorting, 3 for selecting); fluidphi
always keeps equal elements in index order, and returns top_k_v2's k sorted even with
`sorted` false (Paddle: introselect's arrangement). See phi.kernels.funcs.sort_search.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.arg_max_op import ArgMaxOp, index_dtype
from legacy_fluid.operators.kernel_templates import ValuesIndicesKernel
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.funcs import sort_search as ss_funcs
from phi.kernels.funcs.common import host_ints

_ARG = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT16, DataType.INT32, DataType.INT64,
        DataType.UINT8)
_ARGSORT = (*_ARG, DataType.FLOAT16, DataType.BFLOAT16)
_TOPK = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64,
         DataType.FLOAT16)
_SELECT = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


class _XIndexedOp(OperatorWithKernel):
    """Out has X's dtype, Indices int64 (the kernel type follows X, the first input)."""

    def set_outputs(self, ctx: InferShapeContext, dims: tuple[int, ...]) -> None:
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.set_output_dim("Indices", dims)
        ctx.set_output_dtype("Indices", DataType.INT64)


class ArgsortOp(_XIndexedOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        x_dims = ctx.get_input_dim("X")
        ss_funcs.sort_axis("argsort", ctx.attr("axis"), len(x_dims))
        self.set_outputs(ctx, x_dims)


def _k_value(k_tensor: DenseTensor | None, k: int) -> int:
    """K's value when fed, else the attribute."""
    if k_tensor is not None and k_tensor.initialized():
        return host_ints(k_tensor.data)[0]
    return int(k)


class TopKV2Op(_XIndexedOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        fed = [v.value for v in ctx.runtime.inputs.get("K", [])
               if v is not None and isinstance(v.value, DenseTensor)]
        k = _k_value(fed[0] if fed else None, ctx.attr("k"))
        self.set_outputs(ctx, ss_funcs.topk_dims(ctx.get_input_dim("X"), k, ctx.attr("axis")))

    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot == "K":
            return None  # read on the host as it is
        return super().get_kernel_type_for_var(slot, tensor, expected)


class KthvalueOp(_XIndexedOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        self.set_outputs(ctx, ss_funcs.reduced_dims("kthvalue", ctx.get_input_dim("X"),
                                                    ctx.attr("axis"), ctx.attr("keepdim")))


class ModeOp(_XIndexedOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        self.set_outputs(ctx, ss_funcs.reduced_dims("mode", ctx.get_input_dim("X"),
                                                    ctx.attr("axis"), ctx.attr("keepdim")))


class SearchsortedOp(OperatorWithKernel):
    """The kernel type follows SortedSequence (the first input); Values keeps its own type
    (never cast, as in Paddle)."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ss_funcs.searchsorted_dims(ctx.get_input_dim("SortedSequence"),
                                          ctx.get_input_dim("Values"))
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", DataType.INT32 if ctx.attr("out_int32") else DataType.INT64)


class ArgMinKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        flatten = ctx.attr("flatten")
        data = out.mutable_data(ctx.place, index_dtype(ctx.attr("dtype")))
        reduce_funcs.argmin(ctx.xp, x.data, axis, flatten, data)


class TopKV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        k_tensor = ctx.input("K") if ctx.has_input("K") else None
        out = ctx.output("Out")
        indices = ctx.output("Indices")
        k = ctx.attr("k")
        axis = ctx.attr("axis")
        largest = ctx.attr("largest")
        k = _k_value(k_tensor, k)
        data = out.mutable_data(ctx.place, x.dtype)
        index = indices.mutable_data(ctx.place, DataType.INT64)
        ss_funcs.topk(ctx.xp, x.data, k, axis, largest, data, index)


class SearchsortedKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        sorted_sequence = ctx.input("SortedSequence")
        values = ctx.input("Values")
        out = ctx.output("Out")
        out_int32 = ctx.attr("out_int32")
        right = ctx.attr("right")
        data = out.mutable_data(ctx.place, DataType.INT32 if out_int32 else DataType.INT64)
        ss_funcs.searchsorted(ctx.xp, sorted_sequence.data, values.data, right, data)


VERIFY_CASES = {
    "arg_min": [{"name": "axis 1 keepdims", "inputs": {"X": (3, 4)},
                 "attrs": {"axis": 1, "keepdims": True}}],
    "argsort": [{"name": "descending axis 0", "inputs": {"X": (3, 4)},
                 "attrs": {"axis": 0, "descending": True}}],
    "top_k_v2": [{"name": "k 2", "inputs": {"X": (3, 4)}, "attrs": {"k": 2}},
                 {"name": "K tensor, smallest", "inputs": {
                     "X": (3, 4), "K": {"value": [3], "dtype": "int32"}},
                  "attrs": {"largest": False}}],
    "kthvalue": [{"name": "k 2 keepdim", "inputs": {"X": (3, 4)},
                  "attrs": {"k": 2, "keepdim": True}}],
    "searchsorted": [{"name": "right", "inputs": {
        "SortedSequence": lambda dtype, rng: np.sort(rng.standard_normal((3, 5)), axis=-1
                                                     ).astype(dtype.to_numpy()),
        "Values": (3, 4)}, "attrs": {"right": True}}],
}

register_operator("arg_min", ArgMaxOp)
register_operator("argsort", ArgsortOp)
register_operator("top_k_v2", TopKV2Op)
register_operator("kthvalue", KthvalueOp)
register_operator("mode", ModeOp)
register_operator("searchsorted", SearchsortedOp)
for _backend in ("CPU", "GPU"):
    for _dtype in _ARG:
        register_op_kernel("arg_min", _backend, ArgMinKernel, _dtype)
    for _dtype in _TOPK:
        register_op_kernel("top_k_v2", _backend, TopKV2Kernel, _dtype)
    for _dtype in _SELECT:
        register_op_kernel("searchsorted", _backend, SearchsortedKernel, _dtype)
register_op_table(ValuesIndicesKernel, [
    OpKernelRow("argsort", "ArgsortKernel", ss_funcs.argsort, _ARGSORT,
                attrs=("axis", "descending")),
    OpKernelRow("kthvalue", "KthvalueKernel", ss_funcs.kthvalue, _SELECT, attrs=("k", "axis")),
    OpKernelRow("mode", "ModeKernel", ss_funcs.mode, _SELECT, attrs=("axis",)),
])
