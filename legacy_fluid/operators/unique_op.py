"""unique and unique_consecutive: outputs whose dims depend on the data, so each kernel
sizes them itself (InferShape leaves those dims -1, as Paddle's does).

- unique (`return_index`, `return_inverse`, `return_counts`, `axis`, `dtype`, `is_sorted`):
  with is_sorted (paddle.unique) the sorted distinct values of the flattened X, or the
  distinct slices along axis[0], with Indices (first occurrences), Index (the inverse) and
  Counts as asked; without it fluid's old unique: a 0-d or 1-D X's distinct values in
  order of first appearance, and Index;
- unique_consecutive (`return_inverse`, `return_counts`, `axis`, `dtype`): runs of equal
  consecutive values (slices) collapsed, with Index and Counts as asked.

Index outputs take `dtype` (a fluid VarType number: int32 or int64; unique_consecutive's
proto default, 5, is float32 and refused, as by Paddle). NaN is distinct from everything.
Semantics: phi.kernels.funcs.unique.
"""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.reduce_op import var_type_attr
from phi.common import DataType, Place
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import unique as unique_funcs

_TYPES = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)


class UniqueOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "the distinct values (slices)")
        self.add_output("Indices", "first occurrence of each", dispensable=True)
        self.add_output("Index", "the inverse: which distinct value each element is")
        self.add_output("Counts", "how often each occurs", dispensable=True)
        self.add_attr("return_index", AttrType.BOOLEAN, False, "write Indices")
        self.add_attr("return_inverse", AttrType.BOOLEAN, False, "write Index")
        self.add_attr("return_counts", AttrType.BOOLEAN, False, "write Counts")
        self.add_attr("axis", AttrType.INTS, [], "compare slices along axis[0]; empty: flatten")
        self.add_attr("dtype", AttrType.INT, 3, "index outputs' type (fluid VarType number)")
        self.add_attr("is_sorted", AttrType.BOOLEAN, False,
                      "sorted (paddle.unique); else fluid's unique: first-appearance order")


class UniqueConsecutiveOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "X with runs of equal values collapsed")
        self.add_output("Index", "the inverse: which run each element is in", dispensable=True)
        self.add_output("Counts", "the length of each run", dispensable=True)
        self.add_attr("return_inverse", AttrType.BOOLEAN, False, "write Index")
        self.add_attr("return_counts", AttrType.BOOLEAN, False, "write Counts")
        self.add_attr("axis", AttrType.INTS, [], "compare slices along axis[0]; empty: flatten")
        self.add_attr("dtype", AttrType.INT, 5, "index outputs' type (fluid VarType number)")


def _set_meta(ctx: InferShapeContext, dims: unique_funcs.UniqueDims, itype: DataType) -> None:
    ctx.set_output_dim("Out", dims.out)
    ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
    for slot, d in (("Indices", dims.indices), ("Index", dims.index), ("Counts", dims.counts)):
        if d is not None and ctx.has_output(slot):
            ctx.set_output_dim(slot, d)
            ctx.set_output_dtype(slot, itype)


class UniqueOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        itype = unique_funcs.index_dtype("unique", var_type_attr(ctx.attr("dtype")))
        _set_meta(ctx, unique_funcs.unique_dims(
            ctx.get_input_dim("X"), ctx.attr("return_index"), ctx.attr("return_inverse"),
            ctx.attr("return_counts"), ctx.attr("axis"), ctx.attr("is_sorted")), itype)


class UniqueConsecutiveOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        itype = unique_funcs.index_dtype("unique_consecutive", var_type_attr(ctx.attr("dtype")))
        _set_meta(ctx, unique_funcs.consecutive_dims(
            ctx.get_input_dim("X"), ctx.attr("return_inverse"), ctx.attr("return_counts"),
            ctx.attr("axis")), itype)


def _store(tensor: DenseTensor | None, place: Place, dtype: DataType, values: Any) -> None:
    """Give `tensor` the dims of `values` and write them (skipped without a tensor)."""
    if tensor is not None:
        tensor.resize(values.shape)
        tensor.mutable_data(place, dtype)[...] = values


class UniqueKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        indices = ctx.output("Indices") if ctx.has_output("Indices") else None
        index = ctx.output("Index")
        counts = ctx.output("Counts") if ctx.has_output("Counts") else None
        return_index = ctx.attr("return_index")
        return_inverse = ctx.attr("return_inverse")
        return_counts = ctx.attr("return_counts")
        axis = ctx.attr("axis")
        dtype = ctx.attr("dtype")
        is_sorted = ctx.attr("is_sorted")
        itype = unique_funcs.index_dtype("unique", var_type_attr(dtype))
        result = unique_funcs.unique(ctx.xp, x.data, axis, is_sorted)
        _store(out, ctx.place, x.dtype, result.out)
        _store(index if return_inverse or not is_sorted else None, ctx.place, itype,
               result.index)
        if is_sorted:
            _store(indices if return_index else None, ctx.place, itype, result.indices)
            _store(counts if return_counts else None, ctx.place, itype, result.counts)


class UniqueConsecutiveKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        index = ctx.output("Index") if ctx.has_output("Index") else None
        counts = ctx.output("Counts") if ctx.has_output("Counts") else None
        return_inverse = ctx.attr("return_inverse")
        return_counts = ctx.attr("return_counts")
        axis = ctx.attr("axis")
        dtype = ctx.attr("dtype")
        itype = unique_funcs.index_dtype("unique_consecutive", var_type_attr(dtype))
        result = unique_funcs.unique_consecutive(ctx.xp, x.data, axis)
        _store(out, ctx.place, x.dtype, result.out)
        _store(index if return_inverse else None, ctx.place, itype, result.index)
        _store(counts if return_counts else None, ctx.place, itype, result.counts)


def _small_ints(shape: tuple[int, ...], high: int) -> Any:
    """A VERIFY_CASES input: integers in [0, high) in the kernel's dtype (so values repeat)."""
    return lambda dtype, rng: rng.integers(0, high, shape).astype(dtype.to_numpy())


VERIFY_CASES = {
    "unique": [{"name": "sorted, every output", "inputs": {"X": _small_ints((3, 4), 4)},
                "attrs": {"is_sorted": True, "return_index": True, "return_inverse": True,
                          "return_counts": True},
                "outputs": {"Out": 1, "Indices": 1, "Index": 1, "Counts": 1}},
               {"name": "sorted along axis 1", "inputs": {"X": _small_ints((2, 5), 2)},
                "attrs": {"is_sorted": True, "axis": [1], "return_inverse": True}},
               {"name": "fluid's unsorted", "inputs": {"X": _small_ints((7,), 4)}}],
    "unique_consecutive": [{"name": "axis 0, every output",
                            "inputs": {"X": _small_ints((5, 2), 2)},
                            "attrs": {"axis": [0], "return_inverse": True,
                                      "return_counts": True, "dtype": 3},
                            "outputs": {"Out": 1, "Index": 1, "Counts": 1}}],
}

register_operator("unique", UniqueOp, UniqueOpMaker)
register_operator("unique_consecutive", UniqueConsecutiveOp, UniqueConsecutiveOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in _TYPES:
        register_op_kernel("unique", _backend, UniqueKernel, _dtype)
        register_op_kernel("unique_consecutive", _backend, UniqueConsecutiveKernel, _dtype)
