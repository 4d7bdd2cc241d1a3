"""InferMeta of the binary_math family (copysign and nextafter use elementwise_infer_meta)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def atan2_infer_meta(x1: MetaTensor, x2: MetaTensor, out: MetaTensor) -> None:
    """out: x1's dims (x2 of the same rank, no dim smaller) and lod; float64 for integer x1,
    else x1's dtype."""
    from phi.kernels.funcs.binary_math import atan2_dims, atan2_out_dtype

    out.set_dims(atan2_dims(x1.dims(), x2.dims()))
    out.set_dtype(atan2_out_dtype(x1.dtype()))
    out.set_layout(x1.layout())
    out.share_lod(x1)


def lerp_infer_meta(x: MetaTensor, y: MetaTensor, weight: MetaTensor, out: MetaTensor) -> None:
    """out: x, y and weight broadcast together; x's dtype, layout and lod."""
    from phi.kernels.funcs.binary_math import lerp_dims

    out.set_dims(lerp_dims(x.dims(), y.dims(), weight.dims()))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)
