"""InferMeta of unique / unique_raw / unique_consecutive: the dims the data decides are -1
(the kernels size those outputs), the others known; index outputs in `dtype`."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def _set_unique_meta(x: MetaTensor, dims, itype: DataType, out: MetaTensor,
                     indices: MetaTensor, index: MetaTensor, counts: MetaTensor) -> None:
    out.set_dims(dims.out)
    out.set_dtype(x.dtype())
    for meta, d in ((indices, dims.indices), (index, dims.index), (counts, dims.counts)):
        if meta and d is not None:
            meta.set_dims(d)
            meta.set_dtype(itype)


def unique_raw_infer_meta(x: MetaTensor, return_index: bool, return_inverse: bool,
                          return_counts: bool, axis: list[int], dtype: DataType,
                          is_sorted: bool, out: MetaTensor, indices: MetaTensor,
                          index: MetaTensor, counts: MetaTensor) -> None:
    """Out: 1-D (or x's dims with -1 at axis); Indices / Counts: 1-D; Index: numel (or the
    axis' size), x's dims unsorted."""
    from phi.kernels.funcs.unique import index_dtype, unique_dims

    dims = unique_dims(x.dims(), return_index, return_inverse, return_counts, axis, is_sorted)
    _set_unique_meta(x, dims, index_dtype("unique", dtype), out, indices, index, counts)


def unique_infer_meta(x: MetaTensor, return_index: bool, return_inverse: bool,
                      return_counts: bool, axis: list[int], dtype: DataType, out: MetaTensor,
                      indices: MetaTensor, index: MetaTensor, counts: MetaTensor) -> None:
    """unique_raw_infer_meta, sorted."""
    unique_raw_infer_meta(x, return_index, return_inverse, return_counts, axis, dtype, True,
                          out, indices, index, counts)


def unique_consecutive_infer_meta(x: MetaTensor, return_inverse: bool, return_counts: bool,
                                  axis: list[int], dtype: DataType, out: MetaTensor,
                                  index: MetaTensor, counts: MetaTensor) -> None:
    """Out: 1-D (or x's dims with -1 at axis); Index: numel (or the axis' size); Counts."""
    from phi.kernels.funcs.unique import consecutive_dims, index_dtype

    dims = consecutive_dims(x.dims(), return_inverse, return_counts, axis)
    _set_unique_meta(x, dims, index_dtype("unique_consecutive", dtype), out, MetaTensor(),
                     index, counts)
