"""InferMeta of cross_entropy and cross_entropy2: Y of a hard Label's dims (else X's dims
with 1 class), MatchX of X's dims with 1 class, XShape [0, *X.dims]."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_like


def cross_entropy_infer_meta(x: MetaTensor, label: MetaTensor, soft_label: bool,
                             ignore_index: int, y: MetaTensor) -> None:
    from phi.kernels.funcs.cross_entropy import check_label_dims, y_dims

    check_label_dims(x.dims(), label.dims(), soft_label, "cross_entropy")
    set_like(y, x, y_dims(x.dims(), label.dims(), soft_label, "cross_entropy"))


def cross_entropy2_infer_meta(x: MetaTensor, label: MetaTensor, ignore_index: int,
                              y: MetaTensor, xshape: MetaTensor, match_x: MetaTensor) -> None:
    from phi.kernels.funcs.cross_entropy import check_label_dims, loss_dims, y_dims
    from phi.kernels.funcs.transpose import xshape_dims

    check_label_dims(x.dims(), label.dims())
    set_like(y, x, y_dims(x.dims(), label.dims()))
    set_like(match_x, x, loss_dims(x.dims()))
    if xshape:
        xshape.set_dims(xshape_dims(x.dims()))
        xshape.set_dtype(x.dtype())
        xshape.set_layout(x.layout())
