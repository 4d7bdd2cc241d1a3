"""InferMeta of the learning-rate schedule ops (increment)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor
from phi.kernels.funcs import lr_schedule as lr_funcs


def increment_infer_meta(x: MetaTensor, value: float, out: MetaTensor) -> None:
    """out: x's meta; x holds one element."""
    lr_funcs.check_increment_dims(x.dims())
    out.share_meta(x)
