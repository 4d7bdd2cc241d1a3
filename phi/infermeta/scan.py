"""InferMeta of the scan family: cumprod and logcumsumexp (x's dtype; dims checked and
kept, or flattened)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def cumprod_infer_meta(x: MetaTensor, dim: int, exclusive: bool, reverse: bool,
                       out: MetaTensor) -> None:
    """out: x's meta; `dim` checked."""
    from phi.kernels.funcs.scan import cumprod_dim

    cumprod_dim(dim, len(x.dims()))
    out.share_meta(x)


def logcumsumexp_infer_meta(x: MetaTensor, axis: int, flatten: bool, exclusive: bool,
                            reverse: bool, out: MetaTensor) -> None:
    """out: x's dims ([numel] when flatten), x's dtype; `axis` checked against the scanned
    rank."""
    from phi.kernels.funcs.cumsum import cumsum_dims
    from phi.kernels.funcs.scan import scan_axis

    scan_axis("logcumsumexp", axis, len(x.dims()), flatten)
    out.set_dims(cumsum_dims(x.dims(), flatten))
    out.set_dtype(x.dtype())
