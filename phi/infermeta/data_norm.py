"""InferMeta of data_norm."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs.data_norm import data_norm_channels


def data_norm_infer_meta(scale_w: MetaTensor, bias: MetaTensor, x: MetaTensor,
                         batch_size: MetaTensor, batch_sum: MetaTensor,
                         batch_square_sum: MetaTensor, epsilon: float, slot_dim: int,
                         enable_scale_and_shift: bool, data_layout: str, y: MetaTensor,
                         means: MetaTensor, scales: MetaTensor) -> None:
    """y like x (its LoD too); means and scales [C] in x's dtype."""
    stats = [m.dims() for m in (batch_size, batch_sum, batch_square_sum, scale_w, bias) if m]
    c = data_norm_channels(x.dims(), data_layout, stats)
    y.share_meta(x)
    for meta in (means, scales):
        if meta:
            meta.set_dims((c,))
            meta.set_dtype(x.dtype())


def data_norm_grad_infer_meta(x: MetaTensor, y_grad: MetaTensor, scale_w: MetaTensor,
                              bias: MetaTensor, scales: MetaTensor, means: MetaTensor,
                              epsilon: float, slot_dim: int, enable_scale_and_shift: bool,
                              data_layout: str, x_grad: MetaTensor, batch_size_grad: MetaTensor,
                              batch_sum_grad: MetaTensor, batch_square_sum_grad: MetaTensor,
                              scale_w_grad: MetaTensor, bias_grad: MetaTensor) -> None:
    """x_grad like x; the others [C] in x's dtype."""
    c = data_norm_channels(x.dims(), data_layout, [])
    if x_grad:
        x_grad.share_meta(x)
    for meta in (batch_size_grad, batch_sum_grad, batch_square_sum_grad, scale_w_grad,
                 bias_grad):
        if meta:
            meta.set_dims((c,))
            meta.set_dtype(x.dtype())
