"""InferMeta of the pad family (pad3d, pad) and of pad_grad."""

from __future__ import annotations

from phi.common import IntArray
from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import pad as pad_funcs
from phi.kernels.funcs import pad_grad as pad_grad_funcs


def pad3d_infer_meta(x: MetaTensor, paddings: IntArray, mode: str, value: float,
                     data_format: str, out: MetaTensor) -> None:
    """out: x's dims with D, H and W grown (or cropped) by the paddings; x's dtype."""
    out.set_dims(pad_funcs.pad3d_dims(x.dims(), list(paddings), mode, data_format))
    out.set_dtype(x.dtype())


def pad_infer_meta(x: MetaTensor, paddings: list[int], pad_value: float,
                   out: MetaTensor) -> None:
    """out: x's dims grown by (before, after) per axis; x's dtype."""
    out.set_dims(pad_funcs.pad_dims(x.dims(), paddings))
    out.set_dtype(x.dtype())


def pad_grad_infer_meta(out_grad: MetaTensor, paddings: list[int], pad_value: float,
                        x_grad: MetaTensor) -> None:
    """x_grad: out_grad's dims less (before, after) per axis; out_grad's dtype."""
    x_grad.set_dims(pad_grad_funcs.pad_grad_dims(out_grad.dims(), paddings))
    x_grad.set_dtype(out_grad.dtype())
