"""Cross-entropy losses: softmax_with_cross_entropy (PHI cross_entropy_with_softmax) and its
gradient.

Shapes: `logits` [..., C, ...] with classes on `axis`; a hard `label` holds class ids with
1 on `axis`, a soft one probabilities of logits' shape; `loss` has 1 on `axis`. With
`use_softmax`, softmax = exp(s) / sum(exp(s)) with s = max(logits - max, -64) as Paddle's
softmax, and the loss is computed from the log of that softmax (s - log(sum)); without it,
`logits` are already probabilities and their log goes through Paddle's TolerableValue
(log 0 = -1e20; a soft label of 0 there adds 0). A hard label equal to `ignore_index`
gives loss 0 and gradient 0.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.cross_entropy import tolerable_log
from phi.kernels.funcs.softmax import clipped_shift


def _class_axis(axis: int, rank: int) -> int:
    if not -rank <= axis < rank:
        raise ValueError(f"softmax_with_cross_entropy: axis {axis} is out of range for rank "
                         f"{rank}")
    return axis + rank if axis < 0 else axis


def _hard_mask(xp: Any, label: Any, classes: int, ignore_index: int, axis: int) -> tuple[Any, Any]:
    """(one-hot of the labels along `axis`, mask of kept (not ignored) positions)."""
    ids = label.astype(xp.int64)
    keep = ids != ignore_index
    if bool(xp.any(keep & ((ids < 0) | (ids >= classes)))):
        bad = ids[keep & ((ids < 0) | (ids >= classes))].reshape(-1)[0]
        raise ValueError(f"softmax_with_cross_entropy: label {int(bad)} is out of range "
                         f"[0, {classes}) (and not ignore_index {ignore_index})")
    shape = [1] * label.ndim
    shape[axis] = classes
    onehot = ids == xp.arange(classes).reshape(shape)
    return onehot, keep


def softmax_with_cross_entropy(xp: Any, logits: Any, label: Any, soft_label: bool,
                               use_softmax: bool, ignore_index: int, axis: int,
                               softmax: Any, loss: Any) -> None:
    ax = _class_axis(axis, logits.ndim)
    with quiet(xp):
        if use_softmax:
            shifted = clipped_shift(xp, logits, ax)
            log_sum = xp.log(xp.exp(shifted).sum(axis=ax, keepdims=True))
            log_p = shifted - log_sum
            softmax[...] = xp.exp(log_p)
        else:
            softmax[...] = logits
            log_p = tolerable_log(xp, logits)
        if soft_label:
            loss[...] = -(label * log_p).sum(axis=ax, keepdims=True)
            return
        onehot, keep = _hard_mask(xp, label, logits.shape[ax], ignore_index, ax)
        picked = xp.where(onehot, log_p, log_p.dtype.type(0)).sum(axis=ax, keepdims=True)
        loss[...] = xp.where(keep, -picked, picked.dtype.type(0))


def softmax_with_cross_entropy_grad(xp: Any, label: Any, softmax: Any, loss_grad: Any,
                                    soft_label: bool, use_softmax: bool, ignore_index: int,
                                    axis: int, logits_grad: Any) -> None:
    """d loss / d logits, times loss_grad (broadcast along the class axis)."""
    ax = _class_axis(axis, softmax.ndim)
    with quiet(xp):
        if soft_label:
            grad = softmax - label if use_softmax else -label / softmax
            logits_grad[...] = grad * loss_grad
            return
        onehot, keep = _hard_mask(xp, label, softmax.shape[ax], ignore_index, ax)
        if use_softmax:
            grad = softmax - onehot.astype(softmax.dtype)
        else:
            grad = xp.where(onehot, -1 / softmax, softmax.dtype.type(0))
        logits_grad[...] = xp.where(keep, grad * loss_grad, softmax.dtype.type(0))


def loss_dims(logits_dims: tuple[int, ...], axis: int) -> tuple[int, ...]:
    ax = _class_axis(axis, len(logits_dims))
    return tuple(1 if i == ax else int(d) for i, d in enumerate(logits_dims))
