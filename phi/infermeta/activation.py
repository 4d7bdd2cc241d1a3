"""InferMeta of the activation family (the element-wise ones use unchanged_infer_meta)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def maxout_infer_meta(x: MetaTensor, groups: int, axis: int, out: MetaTensor) -> None:
    """out: x's dims with the channel dim divided by `groups` (x 4-D, groups > 1 dividing
    the channels, axis 1, 3 or -1), x's dtype and layout."""
    from phi.kernels.funcs.activation import maxout_dims

    out.set_dims(maxout_dims(x.dims(), groups, axis))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())


def swiglu_infer_meta(x: MetaTensor, y: MetaTensor | None, out: MetaTensor) -> None:
    """out: x's dims (y's must be the same), or x's with the last one halved; x's dtype."""
    from phi.kernels.funcs.activation import swiglu_out_dims

    out.set_dims(swiglu_out_dims(x.dims(), y.dims() if y else None))
    out.set_dtype(x.dtype())
