"""InferMeta of the gradient-clipping ops (squared_l2_norm, clip_by_norm)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def squared_l2_norm_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out: [1], x's dtype."""
    out.set_dims((1,))
    out.set_dtype(x.dtype())


def clip_by_norm_infer_meta(x: MetaTensor, max_norm: float, out: MetaTensor) -> None:
    """out: x's meta; max_norm must be positive."""
    if not max_norm > 0:
        raise ValueError(f"clip_by_norm: max_norm must be greater than 0, got {max_norm}")
    out.share_meta(x)
