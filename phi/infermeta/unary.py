"""InferMeta for kernels with one tensor input."""

from __future__ import annotations

from phi.common import DataType, IntArray
from phi.core.meta_tensor import MetaTensor


def unchanged_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out has x's dims, dtype, layout and lod."""
    out.share_meta(x)


# -- vision family -------------------------------------------------------------------------

def pool2d_infer_meta(x: MetaTensor, kernel_size: list[int], strides: list[int],
                      paddings: list[int], ceil_mode: bool, exclusive: bool, data_format: str,
                      pooling_type: str, global_pooling: bool, adaptive: bool,
                      padding_algorithm: str, out: MetaTensor) -> None:
    """out: pooled dims (adaptive: ksize is the output size), x's dtype, layout and lod."""
    from phi.kernels.funcs.pooling import pool2d_out_dims

    out.set_dims(pool2d_out_dims(x.dims(), list(kernel_size), strides, paddings, ceil_mode,
                                 data_format, global_pooling, adaptive, padding_algorithm))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def flatten_infer_meta(x: MetaTensor, start_axis: int, stop_axis: int, out: MetaTensor) -> None:
    """out: x's dims with axes start_axis..stop_axis merged, x's dtype and layout; lod kept
    when the leading dim is unchanged."""
    from phi.kernels.funcs.flatten import flatten_range_dims

    dims = flatten_range_dims(x.dims(), start_axis, stop_axis)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    if x.dims() and x.dims()[0] == dims[0]:
        out.share_lod(x)


def flatten_with_xshape_infer_meta(x: MetaTensor, start_axis: int, stop_axis: int,
                                   out: MetaTensor, xshape: MetaTensor) -> None:
    """flatten_infer_meta, plus xshape = [0, *x.dims] when that output exists."""
    from phi.kernels.funcs.flatten import xshape_dims

    flatten_infer_meta(x, start_axis, stop_axis, out)
    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
        xshape.share_lod(x)


def flatten2_infer_meta(x: MetaTensor, axis: int, out: MetaTensor, xshape: MetaTensor) -> None:
    """out: [prod(dims[:axis]), prod(dims[axis:])]; xshape (optional) = [0, *x.dims]."""
    from phi.kernels.funcs.flatten import flatten_to_2d_dims, xshape_dims

    dims = flatten_to_2d_dims(x.dims(), axis)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    if x.dims() and x.dims()[0] == dims[0]:
        out.share_lod(x)
    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
        xshape.share_lod(x)


# -- slice family (feed, cast, reshape) ----------------------------------------------------

def feed_infer_meta(x: list[MetaTensor], col: int, out: MetaTensor) -> None:
    """out takes the meta (dims, dtype, layout, lod) of the col-th tensor of the feed list x."""
    if not 0 <= col < len(x) or not x[col]:
        raise ValueError(f"feed: col {col} names no fed tensor (the feed list has {len(x)})")
    out.share_meta(x[col])


def cast_infer_meta(x: MetaTensor, dtype: DataType, out: MetaTensor) -> None:
    """out: x's dims, layout and lod, element type `dtype`."""
    out.set_dims(x.dims())
    out.set_dtype(dtype)
    out.set_layout(x.layout())
    out.share_lod(x)


def reshape_infer_meta(x: MetaTensor, shape: IntArray, out: MetaTensor) -> None:
    """out: `shape` with 0 (keep the input dim) and -1 (infer) resolved; x's dtype, layout
    and lod, whatever the new leading dim (as Paddle 3.3.1's reshape and reshape2)."""
    from phi.kernels.funcs.reshape import infer_reshape_dims

    dims = infer_reshape_dims(list(shape), x.dims())
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def reshape_with_xshape_infer_meta(x: MetaTensor, shape: IntArray, out: MetaTensor,
                                   xshape: MetaTensor) -> None:
    """reshape_infer_meta, plus xshape = [0, *x.dims] (x's dtype, lod) when that output exists."""
    from phi.kernels.funcs.reshape import xshape_dims

    reshape_infer_meta(x, shape, out)
    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
        xshape.share_lod(x)


# -- nlp family ----------------------------------------------------------------------------

def transpose_infer_meta(x: MetaTensor, axis: list[int], out: MetaTensor) -> None:
    """out: x's dims permuted by axis, x's dtype."""
    from phi.kernels.funcs.transpose import transpose_dims

    out.set_dims(transpose_dims(x.dims(), axis))
    out.set_dtype(x.dtype())


def slice_raw_infer_meta(input: MetaTensor, axes: list[int], starts, ends,
                         infer_flags: list[int], decrease_axis: list[int],
                         out: MetaTensor) -> None:
    """out: the clamped [start, end) windows of input's dims, decrease_axis dropped; lod kept."""
    from phi.kernels.funcs.slice import slice_dims

    out.set_dims(slice_dims(input.dims(), axes, list(starts), list(ends), decrease_axis))
    out.set_dtype(input.dtype())
    out.share_lod(input)


def split_infer_meta(x: MetaTensor, sections, axis, out: list[MetaTensor]) -> None:
    """out[i]: x's dims with the axis size replaced by section i (-1 resolved)."""
    from phi.common import Scalar
    from phi.kernels.funcs.concat_split import normalize_axis, split_dims, split_sections

    ax = normalize_axis(Scalar(axis).to(int), len(x.dims()), "split")
    _set_split_outputs(x, split_dims(x.dims(), split_sections(x.dims()[ax], list(sections)),
                                     ax), ax, out)


def split_with_num_infer_meta(x: MetaTensor, num: int, axis, out: list[MetaTensor]) -> None:
    """out[i]: x's dims with the axis size divided by num."""
    from phi.common import Scalar
    from phi.kernels.funcs.concat_split import normalize_axis, split_dims, split_num_sections

    ax = normalize_axis(Scalar(axis).to(int), len(x.dims()), "split")
    _set_split_outputs(x, split_dims(x.dims(), split_num_sections(x.dims()[ax], num), ax),
                       ax, out)


def _set_split_outputs(x: MetaTensor, dims: list[tuple[int, ...]], axis: int,
                       out: list[MetaTensor]) -> None:
    if len(dims) != len(out):
        raise ValueError(f"split: {len(dims)} parts but {len(out)} outputs")
    for o, d in zip(out, dims):
        if o:
            o.set_dims(d)
            o.set_dtype(x.dtype())
            if axis != 0:
                o.share_lod(x)


def squeeze_infer_meta(x: MetaTensor, axes, out: MetaTensor) -> None:
    """out: x's dims without the (listed, or all) size-1 dims; lod kept with the first dim."""
    from phi.kernels.funcs.squeeze import first_dim_kept, squeeze_dims

    out.set_dims(squeeze_dims(x.dims(), list(axes)))
    out.set_dtype(x.dtype())
    if first_dim_kept(x.dims(), out.dims()):
        out.share_lod(x)


def unsqueeze_infer_meta(x: MetaTensor, axes, out: MetaTensor) -> None:
    """out: x's dims with size-1 dims inserted at axes (in order); lod kept with the first
    dim."""
    from phi.kernels.funcs.squeeze import first_dim_kept, unsqueeze_dims

    out.set_dims(unsqueeze_dims(x.dims(), list(axes)))
    out.set_dtype(x.dtype())
    if first_dim_kept(x.dims(), out.dims()):
        out.share_lod(x)


def create_like_infer_meta(x: MetaTensor, dtype, out: MetaTensor) -> None:
    """out: x's dims and lod, dtype `dtype` (UNDEFINED: x's)."""
    from phi.kernels.funcs.full_like import full_like_dtype

    out.set_dims(x.dims())
    out.set_dtype(full_like_dtype(x.dtype(), dtype))
    out.share_lod(x)


def shape_infer_meta(input: MetaTensor, out: MetaTensor) -> None:
    """out: int32 [rank of input]."""
    from phi.common import DataType
    from phi.kernels.funcs.shape import shape_dims

    out.set_dims(shape_dims(input.dims()))
    out.set_dtype(DataType.INT32)


def arg_min_max_infer_meta(x: MetaTensor, axis, keepdims: bool, flatten: bool, dtype,
                           out: MetaTensor) -> None:
    """out: x's dims without (or with size 1 at) axis, 0-D/all-ones when flatten; int32/int64."""
    from phi.common import Scalar
    from phi.kernels.funcs.reduce import argmax_dims, argmax_dtype

    out.set_dims(argmax_dims(x.dims(), Scalar(axis).to(int), keepdims, flatten))
    out.set_dtype(argmax_dtype(dtype))


def sum_raw_infer_meta(x: MetaTensor, axis, keepdim: bool, reduce_all: bool, dtype,
                       out: MetaTensor) -> None:
    """out: reduced dims; dtype `dtype`, or x's (bool/int32: int64)."""
    from phi.kernels.funcs.reduce import reduce_dims, sum_out_dtype

    out.set_dims(reduce_dims(x.dims(), list(axis), keepdim, reduce_all))
    out.set_dtype(sum_out_dtype(x.dtype(), dtype))


def sum_infer_meta(x: MetaTensor, axis, dtype, keepdim: bool, out: MetaTensor) -> None:
    """sum_raw_infer_meta without reduce_all."""
    sum_raw_infer_meta(x, axis, keepdim, False, dtype, out)


def reduce_infer_meta_base(x: MetaTensor, axis, keepdim: bool, reduce_all: bool,
                           out: MetaTensor) -> None:
    """out: reduced dims, x's dtype."""
    from phi.kernels.funcs.reduce import reduce_dims

    out.set_dims(reduce_dims(x.dims(), list(axis), keepdim, reduce_all))
    out.set_dtype(x.dtype())


def reduce_infer_meta(x: MetaTensor, axis, keepdim: bool, out: MetaTensor) -> None:
    """reduce_infer_meta_base without reduce_all."""
    reduce_infer_meta_base(x, axis, keepdim, False, out)


# -- math family ---------------------------------------------------------------------------

def real_and_imag_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims and lod; complex64/complex128 become float32/float64 (abs)."""
    from phi.kernels.funcs.unary_math import abs_out_dtype

    out.set_dims(x.dims())
    out.set_dtype(abs_out_dtype(x.dtype()))
    out.set_layout(x.layout())
    out.share_lod(x)


def cum_scalar_axis_infer_meta(x: MetaTensor, axis, flatten: bool, exclusive: bool,
                               reverse: bool, out: MetaTensor) -> None:
    """out: x's dims ([numel] when flatten), x's dtype; lod kept unless flattened."""
    from phi.common import Scalar
    from phi.kernels.funcs.cumsum import cumsum_axis, cumsum_dims

    cumsum_axis(Scalar(axis).to(int), len(x.dims()), flatten)  # range check
    out.set_dims(cumsum_dims(x.dims(), flatten))
    out.set_dtype(x.dtype())
    if not flatten:
        out.share_lod(x)


def expand_infer_meta(x: MetaTensor, shape, out: MetaTensor) -> None:
    """out: x broadcast to `shape` (right-aligned; -1 keeps x's dim), x's dtype."""
    from phi.kernels.funcs.expand import expand_dims

    out.set_dims(expand_dims(x.dims(), list(shape)))
    out.set_dtype(x.dtype())


def tile_infer_meta(x: MetaTensor, repeat_times, out: MetaTensor) -> None:
    """out: x's dims times `repeat_times` (right-aligned), x's dtype."""
    from phi.kernels.funcs.expand import tile_dims

    out.set_dims(tile_dims(x.dims(), list(repeat_times)))
    out.set_dtype(x.dtype())


def logical_not_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims, layout and lod; bool."""
    out.set_dims(x.dims())
    out.set_dtype(DataType.BOOL)
    out.set_layout(x.layout())
    out.share_lod(x)


def float_out_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims, layout and lod; float32 for integer x, else x's dtype (expm1, log1p)."""
    from phi.kernels.funcs.unary_math import float_out_dtype

    out.set_dims(x.dims())
    out.set_dtype(float_out_dtype(x.dtype()))
    out.set_layout(x.layout())
    out.share_lod(x)


def mean_all_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: 0-D, x's dtype (the mean of every element)."""
    out.set_dims(())
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def legacy_expand_infer_meta(x: MetaTensor, expand_times, out: MetaTensor) -> None:
    """out: x's dims times `expand_times` (one entry per dim of x), x's dtype."""
    from phi.kernels.funcs.expand import expand_times_dims

    out.set_dims(expand_times_dims(x.dims(), list(expand_times)))
    out.set_dtype(x.dtype())


def crop_infer_meta(x: MetaTensor, shape, offsets, out: MetaTensor) -> None:
    """out: the window's dims (crop_tensor), x's dtype."""
    from phi.kernels.funcs.crop import crop_dims

    out.set_dims(crop_dims("crop_tensor", x.dims(), list(shape), list(offsets)))
    out.set_dtype(x.dtype())


def legacy_crop_infer_meta(x: MetaTensor, y: MetaTensor, offsets, shape: list[int],
                           out: MetaTensor) -> None:
    """out: the window's dims (the v1 crop: y's dims when given), x's dtype."""
    from phi.kernels.funcs.crop import crop_dims

    out.set_dims(crop_dims("crop", x.dims(), y.dims() if y else shape, list(offsets)))
    out.set_dtype(x.dtype())
