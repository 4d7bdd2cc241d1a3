"""InferMeta of the loss-scaling ops."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def check_finite_and_unscale_infer_meta(x: list[MetaTensor], scale: MetaTensor,
                                        out: list[MetaTensor],
                                        found_infinite: MetaTensor) -> None:
    """out[i] like x[i]; found_infinite: bool [1]."""
    if len(out) != len(x):
        raise ValueError(f"check_finite_and_unscale: {len(x)} x tensors but {len(out)} outs")
    for o, t in zip(out, x):
        o.share_meta(t)
    found_infinite.set_dims((1,))
    found_infinite.set_dtype(DataType.BOOL)


def update_loss_scaling_infer_meta(x: list[MetaTensor], found_infinite: MetaTensor,
                                   prev_loss_scaling: MetaTensor, in_good_steps: MetaTensor,
                                   in_bad_steps: MetaTensor, out: list[MetaTensor],
                                   loss_scaling: MetaTensor, out_good_steps: MetaTensor,
                                   out_bad_steps: MetaTensor) -> None:
    """out[i] like x[i]; the scale and counters like their inputs."""
    if len(out) != len(x):
        raise ValueError(f"update_loss_scaling: {len(x)} x tensors but {len(out)} outs")
    for o, t in zip(out, x):
        o.share_meta(t)
    loss_scaling.share_meta(prev_loss_scaling)
    out_good_steps.share_meta(in_good_steps)
    out_bad_steps.share_meta(in_bad_steps)
