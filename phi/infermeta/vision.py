"""InferMeta of the vision layer ops (normalisation, 3-D convolution and pooling, pixel
shuffles, sampling grids, label smoothing); shape rules live next to the math in
phi.kernels.funcs."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def _dims_or_none(t: MetaTensor) -> tuple[int, ...] | None:
    return t.dims() if t else None


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


def _rearranged(x: MetaTensor, out: MetaTensor, dims: tuple[int, ...]) -> None:
    out.set_dims(dims)
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def pixel_shuffle_infer_meta(x: MetaTensor, upscale_factor: int, data_format: str,
                             out: MetaTensor) -> None:
    """out: [N, C / r^2, H * r, W * r] (NCHW; NHWC alike), x's dtype."""
    from phi.kernels.funcs.vision_shuffle import pixel_shuffle_dims

    _rearranged(x, out, pixel_shuffle_dims(x.dims(), upscale_factor, data_format))


def pixel_unshuffle_infer_meta(x: MetaTensor, downscale_factor: int, data_format: str,
                               out: MetaTensor) -> None:
    """out: [N, C * r^2, H / r, W / r] (NCHW; NHWC alike), x's dtype."""
    from phi.kernels.funcs.vision_shuffle import pixel_unshuffle_dims

    _rearranged(x, out, pixel_unshuffle_dims(x.dims(), downscale_factor, data_format))


def channel_shuffle_infer_meta(x: MetaTensor, groups: int, data_format: str,
                               out: MetaTensor) -> None:
    """out like x (groups must divide the channels)."""
    from phi.kernels.funcs.vision_shuffle import channel_shuffle_dims

    _rearranged(x, out, channel_shuffle_dims(x.dims(), groups, data_format))


def temporal_shift_infer_meta(x: MetaTensor, seg_num: int, shift_ratio: float,
                              data_format: str, out: MetaTensor) -> None:
    """out like x (seg_num must divide the batch, shift_ratio in (0, 0.5))."""
    from phi.kernels.funcs.vision_shuffle import temporal_shift_dims

    _rearranged(x, out, temporal_shift_dims(x.dims(), seg_num, shift_ratio, data_format))


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
