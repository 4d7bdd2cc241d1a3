"""InferMeta of the special family's binary ops (gammaincc): out takes x's dims (which y
must share) and dtype. Checks from phi.kernels.funcs.special, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def gammaincc_infer_meta(x: MetaTensor, y: MetaTensor, out: MetaTensor) -> None:
    """out: x's dims and dtype; y must have x's dims."""
    from phi.kernels.funcs.special import same_dims

    out.set_dims(same_dims("gammaincc", x.dims(), y.dims()))
    out.set_dtype(x.dtype())
