"""InferMeta of backward ops whose gradients take the meta of forward tensors (layer_norm,
embedding, concat / stack, slice / gather, expand / tile, reduce grads)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def general_ternary_grad_infer_meta(x: MetaTensor, y: MetaTensor, z: MetaTensor,
                                    dx: MetaTensor, dy: MetaTensor, dz: MetaTensor) -> None:
    """dx like x, dy like y, dz like z (each may be absent: not asked for, or no input)."""
    for src, dst in ((x, dx), (y, dy), (z, dz)):
        if dst and src:
            dst.share_meta(src)


def general_quaternary_grad_infer_meta(x: MetaTensor, y: MetaTensor, z: MetaTensor,
                                       k: MetaTensor, dx: MetaTensor, dy: MetaTensor,
                                       dz: MetaTensor, dk: MetaTensor) -> None:
    """dx like x, dy like y, dz like z, dk like k (each may be absent)."""
    for src, dst in ((x, dx), (y, dy), (z, dz), (k, dk)):
        if dst and src:
            dst.share_meta(src)
