"""InferMeta functions of backward ops: each gradient takes the meta of what it is the
gradient of."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def general_binary_grad_infer_meta(x: MetaTensor, y: MetaTensor, dx: MetaTensor,
                                   dy: MetaTensor) -> None:
    """dx like x, dy like y (either may be absent: not asked for)."""
    if dx:
        dx.share_meta(x)
    if dy:
        dy.share_meta(y)


def real_and_imag_grad_infer_meta(out_grad: MetaTensor, x_grad: MetaTensor) -> None:
    """real_grad / imag_grad: x_grad has out_grad's dims and the complex type of its dtype."""
    x_grad.set_dims(out_grad.dims())
    x_grad.set_dtype(out_grad.dtype().to_complex)
    x_grad.set_layout(out_grad.layout())
