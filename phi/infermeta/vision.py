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
