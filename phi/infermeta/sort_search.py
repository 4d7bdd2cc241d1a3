"""InferMeta of the sort_search family (arg_min uses unary's arg_min_max_infer_meta)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def _x_and_indices(x: MetaTensor, dims: tuple[int, ...], out: MetaTensor,
                   indices: MetaTensor) -> None:
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    indices.set_dims(dims)
    indices.set_dtype(DataType.INT64)


def argsort_infer_meta(x: MetaTensor, axis: int, descending: bool, stable: bool,
                       out: MetaTensor, indices: MetaTensor) -> None:
    """out: x's meta; indices: x's dims, int64."""
    from phi.kernels.funcs.sort_search import sort_axis

    sort_axis("argsort", axis, len(x.dims()))
    _x_and_indices(x, x.dims(), out, indices)


def topk_infer_meta(x: MetaTensor, k, axis: int, largest: bool, sorted: bool,
                    out: MetaTensor, indices: MetaTensor) -> None:
    """out / indices: x's dims with k at axis; x's dtype / int64."""
    from phi.common import Scalar
    from phi.kernels.funcs.sort_search import topk_dims

    _x_and_indices(x, topk_dims(x.dims(), Scalar(k).to(int), axis), out, indices)


def topk_v1_infer_meta(x: MetaTensor, k, out: MetaTensor, indices: MetaTensor) -> None:
    """The legacy top_k: topk along the last axis."""
    from phi.common import Scalar
    from phi.kernels.funcs.sort_search import topk_dims

    _x_and_indices(x, topk_dims(x.dims(), Scalar(k).to(int), -1, "top_k"), out, indices)


def kthvalue_infer_meta(x: MetaTensor, k: int, axis: int, keepdim: bool, out: MetaTensor,
                        indices: MetaTensor) -> None:
    """out / indices: x's dims without axis (size 1 with keepdim)."""
    from phi.kernels.funcs.sort_search import reduced_dims

    _x_and_indices(x, reduced_dims("kthvalue", x.dims(), axis, keepdim), out, indices)


def mode_infer_meta(x: MetaTensor, axis: int, keepdim: bool, out: MetaTensor,
                    indices: MetaTensor) -> None:
    """out / indices: x's dims without axis (size 1 with keepdim)."""
    from phi.kernels.funcs.sort_search import reduced_dims

    _x_and_indices(x, reduced_dims("mode", x.dims(), axis, keepdim), out, indices)


def searchsorted_infer_meta(sorted_sequence: MetaTensor, values: MetaTensor, out_int32: bool,
                            right: bool, out: MetaTensor) -> None:
    """out: values' dims, int32 or int64."""
    from phi.kernels.funcs.sort_search import searchsorted_dims

    out.set_dims(searchsorted_dims(sorted_sequence.dims(), values.dims()))
    out.set_dtype(DataType.INT32 if out_int32 else DataType.INT64)
