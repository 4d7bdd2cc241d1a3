"""InferMeta of the statistics family (std, var, ...)."""

from __future__ import annotations

from phi.common import DataType, IntArray
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import statistics as stat_funcs


def moment_infer_meta(x: MetaTensor, axis: list[int], keepdim: bool, out: MetaTensor) -> None:
    """std / var: x's dims reduced over `axis` (all when empty), x's dtype."""
    out.set_dims(stat_funcs.moment_dims(x.dims(), axis, keepdim))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def median_infer_meta(x: MetaTensor, axis: IntArray, keepdim: bool, mode: str,
                      out: MetaTensor, medians: MetaTensor) -> None:
    """median / nanmedian: x's dims reduced over `axis`, medians (nanmedian's optional
    MedianIndex) the middle elements' int64 indices."""
    dims, index_dims = stat_funcs.median_dims(x.dims(), list(axis), keepdim, mode)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    if medians:
        medians.set_dims(index_dims)
        medians.set_dtype(DataType.INT64)


def cum_extremum_infer_meta(x: MetaTensor, axis: int, dtype: DataType, out: MetaTensor,
                            indices: MetaTensor) -> None:
    """cummax / cummin: out like x, indices x's dims in `dtype` (int32 or int64)."""
    stat_funcs.cum_axis("cummax / cummin", len(x.dims()), axis)
    if dtype not in (DataType.INT32, DataType.INT64):
        raise ValueError(f"cummax / cummin: indices dtype must be int32 or int64, got {dtype}")
    out.set_dims(x.dims())
    out.set_dtype(x.dtype())
    indices.set_dims(x.dims())
    indices.set_dtype(dtype)


def nansum_infer_meta(x: MetaTensor, axis: IntArray, dtype: DataType, keepdim: bool,
                      out: MetaTensor) -> None:
    """x's dims reduced; dtype when set, else x's (bool and int32 sum into int64)."""
    from phi.kernels.funcs.reduce import sum_out_dtype

    out.set_dims(stat_funcs.moment_dims(x.dims(), list(axis), keepdim))
    out.set_dtype(sum_out_dtype(x.dtype(), dtype))


def reduce_as_infer_meta(x: MetaTensor, target: MetaTensor, out: MetaTensor) -> None:
    """target's dims; x's type, bool and int32 summing into int64."""
    from phi.kernels.funcs.reduce import sum_out_dtype

    stat_funcs.reduce_as_axes(x.dims(), target.dims())
    out.set_dims(target.dims())
    out.set_dtype(sum_out_dtype(x.dtype(), DataType.UNDEFINED))


def segment_pool_infer_meta(x: MetaTensor, segment_ids: MetaTensor, pooltype: str,
                            out: MetaTensor, summed_ids: MetaTensor) -> None:
    """One row per segment (known when run: the last id + 1), x's trailing dims."""
    dims, summed_dims = stat_funcs.segment_pool_dims(x.dims(), None)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    summed_ids.set_dims(summed_dims)
    summed_ids.set_dtype(x.dtype())
