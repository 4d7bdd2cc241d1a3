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
