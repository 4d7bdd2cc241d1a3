"""InferMeta of the vision layer ops (normalisation, 3-D convolution and pooling, pixel
shuffles, sampling grids, label smoothing); shape rules live next to the math in
phi.kernels.funcs."""

from __future__ import annotations

from phi.common import IntArray
from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_like


def _dims_or_none(t: MetaTensor) -> tuple[int, ...] | None:
    return t.dims() if t else None


def affine_channel_infer_meta(x: MetaTensor, scale: MetaTensor, bias: MetaTensor,
                              data_layout: str, out: MetaTensor) -> None:
    """out like x (lod kept)."""
    from phi.kernels.funcs.vision_norm import affine_channel_dims

    out.set_dims(affine_channel_dims(x.dims(), scale.dims(), bias.dims(), data_layout))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def lrn_infer_meta(x: MetaTensor, n: int, k: float, alpha: float, beta: float,
                   data_format: str, out: MetaTensor, mid_out: MetaTensor) -> None:
    """out and mid_out like x."""
    from phi.kernels.funcs.vision_norm import lrn_dims

    dims = lrn_dims(x.dims(), n)
    for t in (out, mid_out):
        t.set_dims(dims)
        t.set_dtype(x.dtype())
        t.set_layout(x.layout())


def spectral_norm_infer_meta(weight: MetaTensor, u: MetaTensor, v: MetaTensor, dim: int,
                             power_iters: int, eps: float, out: MetaTensor) -> None:
    """out like weight."""
    from phi.kernels.funcs.vision_norm import spectral_norm_dims

    out.set_dims(spectral_norm_dims(weight.dims(), u.dims(), v.dims(), dim, power_iters))
    out.set_dtype(weight.dtype())
    out.set_layout(weight.layout())


def group_norm_infer_meta(x: MetaTensor, scale: MetaTensor, bias: MetaTensor, epsilon: float,
                          groups: int, data_layout: str, y: MetaTensor, mean: MetaTensor,
                          variance: MetaTensor) -> None:
    """y like x (lod kept); mean / variance (when present): [N, groups], x's dtype."""
    from phi.kernels.funcs.vision_norm import group_norm_dims

    y_dims, stat_dims = group_norm_dims(x.dims(), _dims_or_none(scale), _dims_or_none(bias),
                                        groups, data_layout)
    y.set_dims(y_dims)
    y.set_dtype(x.dtype())
    y.share_lod(x)
    for t in (mean, variance):
        if t:
            t.set_dims(stat_dims)
            t.set_dtype(x.dtype())


def instance_norm_infer_meta(x: MetaTensor, scale: MetaTensor, bias: MetaTensor,
                             epsilon: float, y: MetaTensor, saved_mean: MetaTensor,
                             saved_variance: MetaTensor) -> None:
    """y like x (lod kept); saved_mean / saved_variance (when present): [N * C], x's dtype."""
    from phi.kernels.funcs.vision_norm import instance_norm_dims

    y_dims, stat_dims = instance_norm_dims(x.dims(), _dims_or_none(scale), _dims_or_none(bias))
    y.set_dims(y_dims)
    y.set_dtype(x.dtype())
    y.share_lod(x)
    for t in (saved_mean, saved_variance):
        if t:
            t.set_dims(stat_dims)
            t.set_dtype(x.dtype())


def pixel_shuffle_infer_meta(x: MetaTensor, upscale_factor: int, data_format: str,
                             out: MetaTensor) -> None:
    """out: [N, C / r^2, H * r, W * r] (NCHW; NHWC alike), x's dtype."""
    from phi.kernels.funcs.vision_shuffle import pixel_shuffle_dims

    set_like(out, x, pixel_shuffle_dims(x.dims(), upscale_factor, data_format))


def pixel_unshuffle_infer_meta(x: MetaTensor, downscale_factor: int, data_format: str,
                               out: MetaTensor) -> None:
    """out: [N, C * r^2, H / r, W / r] (NCHW; NHWC alike), x's dtype."""
    from phi.kernels.funcs.vision_shuffle import pixel_unshuffle_dims

    set_like(out, x, pixel_unshuffle_dims(x.dims(), downscale_factor, data_format))


def channel_shuffle_infer_meta(x: MetaTensor, groups: int, data_format: str,
                               out: MetaTensor) -> None:
    """out like x (groups must divide the channels)."""
    from phi.kernels.funcs.vision_shuffle import channel_shuffle_dims

    set_like(out, x, channel_shuffle_dims(x.dims(), groups, data_format))


def shuffle_channel_infer_meta(x: MetaTensor, group: int, out: MetaTensor) -> None:
    """out like x (NCHW; group must divide the channels)."""
    from phi.kernels.funcs.vision_shuffle import channel_shuffle_dims

    set_like(out, x, channel_shuffle_dims(x.dims(), group, "NCHW"))


def temporal_shift_infer_meta(x: MetaTensor, seg_num: int, shift_ratio: float,
                              data_format: str, out: MetaTensor) -> None:
    """out like x (seg_num must divide the batch, shift_ratio in (0, 0.5))."""
    from phi.kernels.funcs.vision_shuffle import temporal_shift_dims

    set_like(out, x, temporal_shift_dims(x.dims(), seg_num, shift_ratio, data_format))


def label_smooth_infer_meta(x: MetaTensor, prior_dist: MetaTensor, epsilon: float,
                            out: MetaTensor) -> None:
    """out like x (lod kept); prior_dist (when given) holds one value per class."""
    from phi.kernels.funcs.label_smooth import label_smooth_dims

    out.set_dims(label_smooth_dims(x.dims(), _dims_or_none(prior_dist)))
    out.set_dtype(x.dtype())
    out.share_lod(x)


def conv3d_infer_meta(input: MetaTensor, filter: MetaTensor, strides: list[int],
                      paddings: list[int], padding_algorithm: str, groups: int,
                      dilations: list[int], data_format: str, output: MetaTensor) -> None:
    """output: [N, O, D', H', W'] (NDHWC: channels last), input's dtype."""
    from phi.kernels.funcs.conv3d import conv_nd_out_dims

    output.set_dims(conv_nd_out_dims(input.dims(), filter.dims(), strides, paddings,
                                     padding_algorithm, dilations, groups, data_format))
    output.set_dtype(input.dtype())
    output.set_layout(input.layout())


def pool3d_infer_meta(x: MetaTensor, ksize: list[int], strides: list[int],
                      paddings: list[int], ceil_mode: bool, exclusive: bool, data_format: str,
                      pooling_type: str, global_pooling: bool, adaptive: bool,
                      padding_algorithm: str, out: MetaTensor) -> None:
    """out: pooled dims (adaptive: ksize is the output size), x's dtype, layout and lod."""
    from phi.kernels.funcs.pooling_nd import pool_nd_out_dims

    out.set_dims(pool_nd_out_dims(x.dims(), ksize, strides, paddings, ceil_mode, data_format,
                                  global_pooling, adaptive, padding_algorithm, 3, "pool3d"))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def _with_index(rank: int, op: str, x: MetaTensor, ksize: list[int], strides: list[int],
                paddings: list[int], global_pooling: bool, adaptive: bool, ceil_mode: bool,
                out: MetaTensor, mask: MetaTensor) -> None:
    from phi.common import DataType
    from phi.kernels.funcs.pooling_nd import with_index_out_dims

    dims = with_index_out_dims(x.dims(), ksize, strides, paddings, global_pooling, adaptive,
                               ceil_mode, rank, op)
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    mask.set_dims(dims)
    mask.set_dtype(DataType.INT32)


def max_pool2d_with_index_infer_meta(x: MetaTensor, ksize: list[int], strides: list[int],
                                     paddings: list[int], global_pooling: bool, adaptive: bool,
                                     ceil_mode: bool, out: MetaTensor, mask: MetaTensor) -> None:
    """out: pooled [N, C, H', W'], x's dtype; mask: the same dims, int32."""
    _with_index(2, "max_pool2d_with_index", x, ksize, strides, paddings, global_pooling,
                adaptive, ceil_mode, out, mask)


def max_pool3d_with_index_infer_meta(x: MetaTensor, ksize: list[int], strides: list[int],
                                     paddings: list[int], global_pooling: bool, adaptive: bool,
                                     ceil_mode: bool, out: MetaTensor, mask: MetaTensor) -> None:
    """out: pooled [N, C, D', H', W'], x's dtype; mask: the same dims, int32."""
    _with_index(3, "max_pool3d_with_index", x, ksize, strides, paddings, global_pooling,
                adaptive, ceil_mode, out, mask)


def unpool_infer_meta(x: MetaTensor, indices: MetaTensor, ksize: list[int],
                      strides: list[int], paddings: list[int], output_size: list[int],
                      data_format: str, out: MetaTensor) -> None:
    """out: [N, C, *output_size] (unpool: 2 values, unpool3d: 3), x's dtype."""
    from phi.kernels.funcs.pooling_nd import unpool_out_dims

    rank = len(x.dims()) - 2
    out.set_dims(unpool_out_dims(x.dims(), indices.dims(), output_size, rank,
                                 "unpool" if rank == 2 else "unpool3d"))
    out.set_dtype(x.dtype())


def affine_grid_infer_meta(theta: MetaTensor, output_shape: IntArray, align_corners: bool,
                           output: MetaTensor) -> None:
    """output: [N, H, W, 2] or [N, D, H, W, 3] (N from theta), theta's dtype."""
    from phi.kernels.funcs.grid_sample import affine_grid_dims

    output.set_dims(affine_grid_dims(theta.dims(), list(output_shape)))
    output.set_dtype(theta.dtype())


def grid_sample_infer_meta(x: MetaTensor, grid: MetaTensor, mode: str, padding_mode: str,
                           align_corners: bool, output: MetaTensor) -> None:
    """output: [N, C, *grid's spatial dims], x's dtype."""
    from phi.kernels.funcs.grid_sample import grid_sample_dims

    output.set_dims(grid_sample_dims(x.dims(), grid.dims()))
    output.set_dtype(x.dtype())
