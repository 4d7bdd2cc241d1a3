"""InferMeta of the `loss` op family (phi.kernels.funcs.loss): elementwise losses keep
their input's dims."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def sigmoid_cross_entropy_with_logits_infer_meta(x: MetaTensor, label: MetaTensor,
                                                 pos_weight: MetaTensor, normalize: bool,
                                                 ignore_index: int, out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import check_same_dims

    slots = {"X": x.dims(), "Label": label.dims()}
    if pos_weight:
        slots["pos_weight"] = pos_weight.dims()
    out.set_dims(check_same_dims("sigmoid_cross_entropy_with_logits", slots))
    out.set_dtype(x.dtype())
    out.set_layout(x.layout())
    out.share_lod(x)


def bce_loss_infer_meta(input: MetaTensor, label: MetaTensor, out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import check_same_dims

    out.set_dims(check_same_dims("bce_loss", {"X": input.dims(), "Label": label.dims()}))
    out.set_dtype(input.dtype())
    out.set_layout(input.layout())
    out.share_lod(input)


def nll_loss_infer_meta(input: MetaTensor, label: MetaTensor, weight: MetaTensor,
                        ignore_index: int, reduction: str, out: MetaTensor,
                        total_weight: MetaTensor) -> None:
    from phi.kernels.funcs.loss import nll_loss_dims

    out_dims, total_dims = nll_loss_dims(input.dims(), label.dims(),
                                         weight.dims() if weight else None, reduction)
    for meta, dims in ((out, out_dims), (total_weight, total_dims)):
        meta.set_dims(dims)
        meta.set_dtype(input.dtype())
        meta.set_layout(input.layout())
