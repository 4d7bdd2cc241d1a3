"""InferMeta for kernels with one tensor input."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def unchanged_infer_meta(x: MetaTensor, out: MetaTensor) -> None:
    """out has x's dims, dtype, layout and lod."""
    out.share_meta(x)
