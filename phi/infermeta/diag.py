"""InferMeta of the diag family (tril_triu, diag, diag_embed, diagonal)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import diag as diag_funcs


def tril_triu_infer_meta(x: MetaTensor, diagonal: int, lower: bool, out: MetaTensor) -> None:
    """out: x's meta (x of rank >= 2)."""
    diag_funcs.tril_triu_check(x.dims())
    out.share_meta(x)


def diag_infer_meta(x: MetaTensor, offset: int, padding_value: float, out: MetaTensor) -> None:
    """out: [n, n] for a vector, the diagonal's length for a matrix; x's dtype."""
    out.set_dims(diag_funcs.diag_dims(x.dims(), offset))
    out.set_dtype(x.dtype())


def diag_embed_infer_meta(input: MetaTensor, offset: int, dim1: int, dim2: int,
                          out: MetaTensor) -> None:
    """out: input's dims without the last, n = dims[-1] + |offset| at dim1 and dim2."""
    out.set_dims(diag_funcs.diag_embed_dims(input.dims(), offset, dim1, dim2))
    out.set_dtype(input.dtype())


def diagonal_infer_meta(input: MetaTensor, offset: int, axis1: int, axis2: int,
                        out: MetaTensor) -> None:
    """out: input's dims without axis1 and axis2, then the diagonal's length."""
    out.set_dims(diag_funcs.diagonal_dims(input.dims(), offset, axis1, axis2))
    out.set_dtype(input.dtype())
