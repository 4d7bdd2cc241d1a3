"""InferMeta of cross_entropy and cross_entropy2: Y (and MatchX) of X's dims with 1 class,
XShape [0, *X.dims]."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def _like_x_with_one_class(x: MetaTensor, out: MetaTensor, op: str) -> None:
    from phi.kernels.funcs.cross_entropy import loss_dims

    out.set_dims(loss_dims(x.dims(), op))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def cross_entropy_infer_meta(x: MetaTensor, label: MetaTensor, soft_label: bool,
                             ignore_index: int, y: MetaTensor) -> None:
    from phi.kernels.funcs.cross_entropy import check_label_dims

    check_label_dims(x.dims(), label.dims(), soft_label, "cross_entropy")
    _like_x_with_one_class(x, y, "cross_entropy")


def cross_entropy2_infer_meta(x: MetaTensor, label: MetaTensor, ignore_index: int,
                              y: MetaTensor, xshape: MetaTensor, match_x: MetaTensor) -> None:
    from phi.kernels.funcs.cross_entropy import check_label_dims
    from phi.kernels.funcs.transpose import xshape_dims

    check_label_dims(x.dims(), label.dims())
    for out in (y, match_x):
        _like_x_with_one_class(x, out, "cross_entropy2")
    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
