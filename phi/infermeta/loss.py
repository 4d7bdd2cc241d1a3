"""InferMeta of the `loss` op family (phi.kernels.funcs.loss): elementwise losses keep
their input's dims; cross_entropy_with_softmax (fluid's softmax_with_cross_entropy)."""

from __future__ import annotations

import itertools

from phi.core.meta_tensor import MetaTensor
from phi.infermeta.common import set_like


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


def kldiv_loss_infer_meta(x: MetaTensor, label: MetaTensor, reduction: str, log_target: bool,
                          out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import KLDIV_REDUCTIONS, check_same_dims, reduced_dims

    dims = check_same_dims("kldiv_loss", {"X": x.dims(), "Target": label.dims()})
    set_like(out, x, reduced_dims(dims, reduction, "kldiv_loss", KLDIV_REDUCTIONS))


def huber_loss_infer_meta(input: MetaTensor, label: MetaTensor, delta: float, out: MetaTensor,
                          residual: MetaTensor) -> None:
    from phi.kernels.funcs.loss import check_same_dims

    dims = check_same_dims("huber_loss", {"X": input.dims(), "Y": label.dims()})
    set_like(out, input, dims)
    if residual:
        set_like(residual, input, dims)


def hinge_loss_infer_meta(logits: MetaTensor, labels: MetaTensor, loss: MetaTensor) -> None:
    from phi.kernels.funcs.loss import check_column_pair

    set_like(loss, logits, check_column_pair("hinge_loss", "Logits", logits.dims(), "Labels",
                                             labels.dims()))


def log_loss_infer_meta(input: MetaTensor, label: MetaTensor, epsilon: float,
                        out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import check_column_pair

    set_like(out, input, check_column_pair("log_loss", "Predicted", input.dims(), "Labels",
                                           label.dims()))


def cvm_infer_meta(x: MetaTensor, cvm: MetaTensor, use_cvm: bool, out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import cvm_dims

    set_like(out, x, cvm_dims(x.dims(), cvm.dims(), use_cvm))
    out.share_lod(x)


def identity_loss_infer_meta(x: MetaTensor, reduction: int, out: MetaTensor) -> None:
    from phi.kernels.funcs.loss import identity_loss_dims

    set_like(out, x, identity_loss_dims(x.dims(), reduction))


def hsigmoid_loss_infer_meta(x: MetaTensor, w: MetaTensor, label: MetaTensor,
                             path_table: MetaTensor, path_code: MetaTensor, bias: MetaTensor,
                             num_classes: int, is_sparse: bool, out: MetaTensor,
                             pre_out: MetaTensor, w_out: MetaTensor) -> None:
    from phi.kernels.funcs.loss_sampled import hsigmoid_code_length

    rows = x.dims()[0]
    if label.dims()[0] != rows:
        raise ValueError(f"hierarchical_sigmoid: X and Label need the same first dim, got "
                         f"{rows} and {label.dims()[0]}")
    set_like(out, x, (rows, 1))
    out.share_lod(x)
    if pre_out:
        length = hsigmoid_code_length(num_classes, path_table.dims() if path_table else None)
        set_like(pre_out, x, (rows, length))
    if w_out:
        set_like(w_out, w, w.dims())


def warpctc_infer_meta(logits: MetaTensor, label: MetaTensor, logits_length: MetaTensor,
                       label_length: MetaTensor, blank: int, norm_by_times: bool,
                       loss: MetaTensor, warp_ctc_grad: MetaTensor) -> None:
    """loss [B, 1]; warp_ctc_grad [T, B, C], time-major (padded as Paddle pads a LoD form)."""
    dims = logits.dims()
    if logits_length and label_length:
        steps, batch, classes = dims
    else:
        offsets = (logits.lod() or [[0]])[0]
        lens = [b - a for a, b in itertools.pairwise(offsets)]
        steps, batch, classes = max(lens, default=0), len(lens), dims[-1]
    if not 0 <= blank < classes:
        raise ValueError(f"warpctc: the value of Attr(blank) should be in interval [0, "
                         f"{classes}), got {blank}")
    set_like(loss, logits, (batch, 1))
    if warp_ctc_grad:
        set_like(warp_ctc_grad, logits, (steps, batch, classes))


def warprnnt_infer_meta(input: MetaTensor, label: MetaTensor, input_lengths: MetaTensor,
                        label_lengths: MetaTensor, blank: int, fastemit_lambda: float,
                        loss: MetaTensor, warprnntgrad: MetaTensor) -> None:
    """loss [B]; warprnntgrad input's dims [B, T, U + 1, V]."""
    dims = input.dims()
    if len(dims) != 4:
        raise ValueError(f"warprnnt: input must be [B, T, U + 1, V], got {tuple(dims)}")
    set_like(loss, input, (dims[0],))
    if warprnntgrad:
        set_like(warprnntgrad, input, tuple(dims))


def nce_infer_meta(input: MetaTensor, label: MetaTensor, weight: MetaTensor, bias: MetaTensor,
                   sample_weight: MetaTensor, custom_dist_probs: MetaTensor,
                   custom_dist_alias: MetaTensor, custom_dist_alias_probs: MetaTensor,
                   num_total_classes: int, custom_neg_classes: list[int], num_neg_samples: int,
                   sampler: int, seed: int, is_sparse: bool, remote_prefetch: bool,
                   is_test: bool, cost: MetaTensor, sample_logits: MetaTensor,
                   sample_labels: MetaTensor) -> None:
    from phi.common import DataType
    from phi.kernels.funcs.loss_sampled import nce_dims

    cost_dims, sample_dims = nce_dims(input.dims(), label.dims(), num_neg_samples)
    set_like(cost, input, cost_dims)
    if sample_logits:
        set_like(sample_logits, input, sample_dims)
    if sample_labels:
        sample_labels.set_dims(sample_dims)
        sample_labels.set_dtype(DataType.INT64)


def hsigmoid_loss_grad_infer_meta(x: MetaTensor, w: MetaTensor, label: MetaTensor,
                                  path_table: MetaTensor, path_code: MetaTensor,
                                  bias: MetaTensor, pre_out: MetaTensor, out_grad: MetaTensor,
                                  num_classes: int, is_sparse: bool, x_grad: MetaTensor,
                                  w_grad: MetaTensor, bias_grad: MetaTensor) -> None:
    """Each gradient: its forward input's meta."""
    for grad, src in ((x_grad, x), (w_grad, w), (bias_grad, bias)):
        if grad and src:
            set_like(grad, src, src.dims())


def nce_grad_infer_meta(input: MetaTensor, label: MetaTensor, bias: MetaTensor,
                        weight: MetaTensor, sample_logits: MetaTensor,
                        sample_labels: MetaTensor, sample_weight: MetaTensor,
                        custom_dist_probs: MetaTensor, custom_dist_alias: MetaTensor,
                        custom_dist_alias_probs: MetaTensor, cost_grad: MetaTensor,
                        num_total_classes: int, num_neg_samples: int, sampler: int,
                        input_grad: MetaTensor, bias_grad: MetaTensor,
                        weight_grad: MetaTensor) -> None:
    """Each gradient: its forward input's meta."""
    for grad, src in ((input_grad, input), (bias_grad, bias), (weight_grad, weight)):
        if grad and src:
            set_like(grad, src, src.dims())


def cross_entropy_with_softmax_infer_meta(input: MetaTensor, label: MetaTensor,
                                          axis: int, softmax: MetaTensor,
                                          loss: MetaTensor) -> None:
    """softmax like input; loss like input with 1 on the class axis."""
    from phi.kernels.funcs.loss import loss_dims

    softmax.share_meta(input)
    loss.set_dims(loss_dims(input.dims(), axis))
    loss.set_dtype(input.dtype())
    loss.set_layout(input.layout())
