"""Helpers the InferMeta modules share (no InferMeta of its own)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def set_like(out: MetaTensor, src: MetaTensor, dims: tuple[int, ...]) -> None:
    """out: `dims`, src's dtype and layout."""
    out.set_dims(dims)
    out.set_dtype(src.dtype())
    out.set_layout(src.layout())


def set_dims_dtype(out: MetaTensor, dims: tuple[int, ...], like: MetaTensor) -> None:
    """out: `dims` and like's dtype."""
    out.set_dims(dims)
    out.set_dtype(like.dtype())
