"""Losses: softmax_with_cross_entropy (PHI cross_entropy_with_softmax) and its gradient, and
the elementwise / reduced losses of the `loss` op family (sigmoid_cross_entropy_with_logits,
...; their semantics are Paddle 3.3.1's CPU kernels', tests/fixtures/ops/loss).

Shapes: `logits` [..., C, ...] with classes on `axis`; a hard `label` holds class ids with
1 on `axis`, a soft one probabilities of logits' shape; `loss` has 1 on `axis`. With
`use_softmax`, softmax = exp(s) / sum(exp(s)) with s = max(logits - max, -64) as Paddle's
softmax, and the loss is computed from the log of that softmax (s - log(sum)); without it,
`logits` are already probabilities and their log goes through Paddle's TolerableValue
(log 0 = -1e20; a soft label of 0 there adds 0). A hard label equal to `ignore_index`
gives loss 0 and gradient 0.

cvm keeps (log-scaled) or drops the show / click columns of CTR features; identity_loss sums
(reduction 0), averages (1) or copies (2) its input.
"""

from __future__ import annotations

import enum
import math
from typing import Any

import numpy as np

from phi.kernels.funcs import cpu_engine
from phi.kernels.funcs import random as random_funcs
from phi.kernels.funcs.common import quiet, to_host
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


def check_same_dims(op: str, slots: dict[str, tuple[int, ...]]) -> tuple[int, ...]:
    """The common dims of `slots` (name -> dims); a clear error naming `op` when they differ."""
    (first, dims), *rest = slots.items()
    for name, other in rest:
        if tuple(other) != tuple(dims):
            raise ValueError(f"{op}: {name} must have {first}'s dims {tuple(dims)}, got "
                             f"{tuple(other)}")
    return tuple(dims)


def sigmoid_cross_entropy_with_logits(xp: Any, x: Any, label: Any, pos_weight: Any | None,
                                      normalize: bool, ignore_index: int, out: Any) -> None:
    """max(x, 0) - x * label + log(1 + exp(-|x|)) per element; with `pos_weight` its
    softplus(-x) part is weighted: (1 - label) * x + pos_weight * (log(1 + exp(-|x|)) +
    max(-x, 0)) (the same finite values; x = +inf and label 0 give inf, not NaN).
    A label whose int truncation is `ignore_index` gives 0; `normalize` divides by the
    (integer) count of labels farther than 1e-6 from ignore_index (none: 0 / 0)."""
    t = x.dtype.type
    with quiet(xp):
        positive = xp.where(x > 0, x, t(0))
        log_term = xp.log(t(1) + xp.exp(-xp.abs(x)))
        if pos_weight is None:
            loss = positive - x * label + log_term
        else:
            softplus = log_term + xp.where(x < 0, -x, t(0))
            loss = (t(1) - label) * x + pos_weight * softplus
        ignored = label.astype(xp.int32) == ignore_index
        xp.copyto(out, xp.where(ignored, t(0), loss))
        if normalize:
            xp.divide(out, _sce_norm(label, ignore_index), out=out)


def _sce_norm(label: Any, ignore_index: int) -> Any:
    """sigmoid_cross_entropy_with_logits' normalizer: the integer count of labels farther
    than 1e-6 from ignore_index, in label's dtype (none: 0, so the result is x / 0)."""
    t = label.dtype.type
    diff = label - t(ignore_index)
    eps = t(1e-6)
    return t(int(((diff < -eps) | (diff > eps)).sum()))


def sigmoid_cross_entropy_with_logits_grad(xp: Any, x: Any, label: Any, pos_weight: Any | None,
                                           out_grad: Any, normalize: bool, ignore_index: int,
                                           x_grad: Any) -> None:
    """out_grad * (sigmoid(x) - label), written as Paddle's kernel does: (x > 0) - label -
    sign(x) e / (1 + e) with e = exp(-|x|); with `pos_weight` from exp(-max(-x, 0)) and
    exp(-x - max(-x, 0)): pos_weight * (sigmoid(x) - 1) + (1 - label). 0 where the label
    truncates to ignore_index; `normalize` divides by the count of the forward."""
    t = x.dtype.type
    with quiet(xp):
        if pos_weight is None:
            e = xp.exp(-xp.abs(x))
            up = -e * xp.where(x >= 0, t(1), t(-1))
            diff = xp.where(x > 0, t(1), t(0)) - label + up / (t(1) + e)
        else:
            neg = x < 0
            term1 = xp.where(neg, t(-1), t(0))
            max_val = xp.where(neg, -x, t(0))
            down1 = xp.exp(-max_val)
            down2 = xp.exp(-x - max_val)
            term2 = down1 * -term1 + down2 * (t(-1) - term1)
            diff = pos_weight * (term2 / (down1 + down2) + term1) + (t(1) - label)
        ignored = label.astype(xp.int32) == ignore_index
        xp.copyto(x_grad, xp.where(ignored, t(0), out_grad * diff))
        if normalize:
            xp.divide(x_grad, _sce_norm(label, ignore_index), out=x_grad)


def check_bce_input(xp: Any, x: Any) -> None:
    """bce_loss takes probabilities: every X element in [0, 1] (NaN is refused)."""
    with quiet(xp):
        if bool(xp.any(~(x >= 0))):
            raise ValueError("bce_loss: Illegal input X, input must be greater than or equal to "
                             "0 (X holds probabilities in [0, 1])")
        if bool(xp.any(~(x <= 1))):
            raise ValueError("bce_loss: Illegal input X, input must be less than or equal to 1 "
                             "(X holds probabilities in [0, 1])")


def bce_loss(xp: Any, x: Any, label: Any, out: Any) -> None:
    """(label - 1) * max(log(1 - x), -100) - label * max(log(x), -100) per element."""
    check_bce_input(xp, x)
    t = x.dtype.type
    with quiet(xp):
        log_x = xp.maximum(xp.log(x), t(-100))
        log_1mx = xp.maximum(xp.log(t(1) - x), t(-100))
        xp.copyto(out, (label - t(1)) * log_1mx - label * log_x)


def bce_loss_grad(xp: Any, x: Any, label: Any, out_grad: Any, x_grad: Any) -> None:
    """out_grad * (x - label) / max(x (1 - x), 1e-12)."""
    t = x.dtype.type
    with quiet(xp):
        xp.copyto(x_grad, out_grad * ((x - label) / xp.maximum((t(1) - x) * x, t(1e-12))))


def nll_loss_dims(x_dims: tuple[int, ...], label_dims: tuple[int, ...],
                  weight_dims: tuple[int, ...] | None, reduction: str
                  ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Out's dims, Total_weight's dims) of nll_loss; clear errors for mismatched inputs."""
    if len(x_dims) not in (2, 4):
        raise ValueError(f"nll_loss: X must be [N, C] or [N, C, H, W], got {tuple(x_dims)}")
    want = (x_dims[0], *x_dims[2:])
    if tuple(label_dims) != tuple(want):
        raise ValueError(f"nll_loss: Label must have dims {want} for X {tuple(x_dims)}, got "
                         f"{tuple(label_dims)}")
    if weight_dims is not None and tuple(weight_dims) != (x_dims[1],):
        raise ValueError(f"nll_loss: Weight must have dims ({x_dims[1]},) (one per class), got "
                         f"{tuple(weight_dims)}")
    if reduction not in ("none", "sum", "mean"):
        raise ValueError(f"nll_loss: reduction must be 'none', 'sum' or 'mean', got "
                         f"{reduction!r}")
    return (want if reduction == "none" else ()), ()


def nll_loss(xp: Any, x: Any, label: Any, weight: Any | None, ignore_index: int,
             reduction: str, out: Any, total_weight: Any) -> None:
    """-x[label] * weight[label] per sample (class axis 1), 0 where label == ignore_index;
    `sum` / `mean` accumulate in order as Paddle's loop does (mean divides by the weight
    total unless it is 0); total_weight is that total (0 for `none`)."""
    t = x.dtype.type
    ignored, safe = _nll_ids(xp, "nll_loss", label, x.shape[1], ignore_index)
    picked = xp.take_along_axis(xp.moveaxis(x, 1, -1), safe[..., None], axis=-1)[..., 0]
    w = xp.ones_like(picked) if weight is None else weight[safe]
    with quiet(xp):
        loss = xp.where(ignored, t(0), -(picked * w))
        if reduction == "none":
            xp.copyto(out, loss)
            total_weight[...] = 0
            return
        kept = ~ignored.reshape(-1)
        total = xp.cumsum(w.reshape(-1)[kept])[-1] if bool(kept.any()) else t(0)
        value = xp.cumsum(loss.reshape(-1)[kept])[-1] if bool(kept.any()) else t(0)
        if reduction == "mean" and total != 0:
            value = value / total
        out[...] = value
        total_weight[...] = total


def _nll_ids(xp: Any, op: str, label: Any, classes: int, ignore_index: int) -> tuple[Any, Any]:
    """(the ignored positions, the class ids with those set to 0); an id outside
    [0, classes) that is not ignore_index is refused."""
    ids = label.astype(xp.int64)
    ignored = ids == ignore_index
    bad = ~ignored & ((ids < 0) | (ids >= classes))
    if bool(xp.any(bad)):
        raise ValueError(f"{op}: Label value {int(ids[bad].reshape(-1)[0])} is out of range "
                         f"[0, {classes}) (and not ignore_index {ignore_index})")
    return ignored, xp.where(ignored, 0, ids)


def nll_loss_grad(xp: Any, x: Any, label: Any, weight: Any | None, total_weight: Any,
                  out_grad: Any, ignore_index: int, reduction: str, x_grad: Any) -> None:
    """X@GRAD: 0 but at each sample's label, -out_grad * weight[label] (out_grad per sample
    for `none`, else the 0-D value; `mean` divides by total_weight, 0 included); ignored
    samples get 0."""
    t = x_grad.dtype.type
    ignored, safe = _nll_ids(xp, "nll_loss_grad", label, x.shape[1], ignore_index)
    w = xp.ones(safe.shape, x_grad.dtype) if weight is None else weight[safe]
    with quiet(xp):
        grad = -(out_grad if reduction == "none" else out_grad.reshape(())) * w
        if reduction == "mean":
            grad = grad / total_weight.reshape(())
        x_grad[...] = 0
        picked = xp.where(ignored, t(0), grad)
        xp.put_along_axis(xp.moveaxis(x_grad, 1, -1), safe[..., None], picked[..., None],
                          axis=-1)


def reduced_dims(dims: tuple[int, ...], reduction: str, op: str,
                 allowed: tuple[str, ...] = ("none", "sum", "mean")) -> tuple[int, ...]:
    """The loss's dims: `dims` for reduction none, else 0-d; unknown reductions refused."""
    if reduction not in allowed:
        raise ValueError(f"{op}: reduction must be one of {', '.join(allowed)}, got "
                         f"{reduction!r}")
    return tuple(dims) if reduction == "none" else ()


KLDIV_REDUCTIONS = ("none", "batchmean", "mean", "sum")


def kldiv_loss(xp: Any, x: Any, target: Any, reduction: str, log_target: bool,
               out: Any) -> None:
    """target * (log(target) - x), 0 where target <= 0; with `log_target`
    exp(target) * (target - x); then reduced (batchmean: the sum over x's first dim, NaN
    for an empty batch; a 0-D x's loss as is; mean of an empty x: NaN)."""
    t = x.dtype.type
    with quiet(xp):
        if log_target:
            loss = xp.exp(target) * (target - x)
        else:
            loss = xp.where(target <= 0, t(0), target * (xp.log(target) - x))
        if reduction == "none":
            xp.copyto(out, loss)
            return
        total = loss.sum(dtype=loss.dtype)
        if reduction == "mean":
            total = total / t(loss.size)
        elif reduction == "batchmean" and x.ndim:  # an empty batch gives 0 / 0
            total = total / t(x.shape[0])
        out[...] = total


def kldiv_loss_grad(xp: Any, target: Any, out_grad: Any, reduction: str, log_target: bool,
                    x_grad: Any) -> None:
    """-target * g (0 where target <= 0), or -exp(target) * g with `log_target`; g is
    out_grad (per element, or the reduced 0-D value); mean divides by x's size, batchmean
    by its first dim."""
    if x_grad.size == 0:
        return
    t = x_grad.dtype.type
    with quiet(xp):
        g = out_grad.reshape(x_grad.shape) if out_grad.size == x_grad.size else out_grad.reshape(())
        if log_target:
            grad = t(-1) * xp.exp(target) * g
        else:
            grad = xp.where(target <= 0, t(0), t(-1) * target * g)
        if reduction == "mean":
            grad = grad / t(x_grad.size)
        elif reduction == "batchmean":
            grad = grad / t(x_grad.shape[0])
        xp.copyto(x_grad, grad)


def huber_loss(xp: Any, x: Any, y: Any, delta: float, out: Any, residual: Any) -> None:
    """residual = y - x; 0.5 r^2 where |r| <= delta, else delta * (|r| - 0.5 delta)."""
    t = x.dtype.type
    d = t(delta)
    with quiet(xp):
        xp.subtract(y, x, out=residual)
        size = xp.abs(residual)
        xp.copyto(out, xp.where(size <= d, t(0.5) * residual * residual,
                                d * (size - t(0.5) * d)))


def huber_loss_grad(xp: Any, residual: Any, out_grad: Any, delta: float, x_grad: Any | None,
                    y_grad: Any | None) -> None:
    """d out / d y = r within delta, else delta * sign (a NaN residual: -delta); X@GRAD is
    its negation; each times out_grad."""
    t = residual.dtype.type
    d = t(delta)
    with quiet(xp):
        slope = xp.where(xp.abs(residual) <= d, residual, xp.where(residual > 0, d, -d))
        if x_grad is not None:
            xp.copyto(x_grad, out_grad * (t(-1) * slope))
        if y_grad is not None:
            xp.copyto(y_grad, out_grad * slope)


def check_column_pair(op: str, first: str, first_dims: tuple[int, ...], second: str,
                      second_dims: tuple[int, ...]) -> tuple[int, ...]:
    """hinge_loss / log_loss inputs: both [N, 1]."""
    dims = check_same_dims(op, {first: first_dims, second: second_dims})
    if len(dims) != 2 or dims[1] != 1:
        raise ValueError(f"{op}: {first} must be 2-D [N, 1], got {dims}")
    return dims


def hinge_loss(xp: Any, logits: Any, labels: Any, loss: Any) -> None:
    """max(0, 1 - logits * (2 labels - 1)) (NaN stays NaN)."""
    t = logits.dtype.type
    with quiet(xp):
        xp.maximum(t(1) - logits * (t(2) * labels - t(1)), t(0), out=loss)


def hinge_loss_grad(xp: Any, logits: Any, labels: Any, loss_grad: Any, logits_grad: Any) -> None:
    """-loss_grad * (2 labels - 1) where logits * (2 labels - 1) < 1, else 0."""
    t = logits.dtype.type
    with quiet(xp):
        alt = t(2) * labels - t(1)
        xp.copyto(logits_grad, loss_grad * (logits * alt < t(1)).astype(alt.dtype) * -alt)


def log_loss(xp: Any, predicted: Any, labels: Any, epsilon: float, loss: Any) -> None:
    """-labels * log(predicted + eps) - (1 - labels) * log(1 - predicted + eps)."""
    t = predicted.dtype.type
    eps = t(epsilon)
    with quiet(xp):
        xp.copyto(loss, -labels * xp.log(predicted + eps)
                  - (t(1) - labels) * xp.log(t(1) - predicted + eps))


def log_loss_grad(xp: Any, predicted: Any, labels: Any, loss_grad: Any, epsilon: float,
                  predicted_grad: Any) -> None:
    """loss_grad * (-labels / (predicted + eps) + (1 - labels) / (1 - predicted + eps))."""
    t = predicted.dtype.type
    eps = t(epsilon)
    with quiet(xp):
        xp.copyto(predicted_grad, loss_grad * (-(labels / (predicted + eps))
                                               + (t(1) - labels) / (t(1) - predicted + eps)))


def cvm_dims(x_dims: tuple[int, ...], cvm_dims_: tuple[int, ...], use_cvm: bool
             ) -> tuple[int, ...]:
    """Y's dims: X's [N, D], or [N, D - 2] without use_cvm; CVM must be [N, 2]."""
    if len(x_dims) != 2 or len(cvm_dims_) != 2 or int(cvm_dims_[1]) != 2:
        raise ValueError(f"cvm: X must be 2-D and CVM [N, 2], got dims {list(x_dims)} and "
                         f"{list(cvm_dims_)}")
    if int(x_dims[1]) < 2:
        raise ValueError(f"cvm: X's rows must hold the 2 show / click columns, got dims "
                         f"{list(x_dims)}")
    return (int(x_dims[0]), int(x_dims[1]) - (0 if use_cvm else 2))


def cvm(xp: Any, x: Any, use_cvm: bool, y: Any) -> None:
    """use_cvm: y = x with column 0 log(x0 + 1) and column 1 log(x1 + 1) - y0; else the
    columns after the first two."""
    if not use_cvm:
        y[...] = x[:, 2:]
        return
    with quiet(xp):
        shows = xp.log(x[:, 0] + 1)
        clicks = xp.log(x[:, 1] + 1) - shows
    y[:, 2:] = x[:, 2:]
    y[:, 0] = shows
    y[:, 1] = clicks


#: identity_loss's reduction codes
IDENTITY_REDUCTIONS = {0: "sum", 1: "mean", 2: "none"}


def identity_loss_dims(x_dims: tuple[int, ...], reduction: int) -> tuple[int, ...]:
    """X's dims for reduction 2 (none), else 0-D; reduction must be 0, 1 or 2."""
    if reduction not in IDENTITY_REDUCTIONS:
        raise ValueError(f"identity_loss: reduction must be 0 (sum), 1 (mean) or 2 (none), "
                         f"got {reduction}")
    return tuple(x_dims) if reduction == 2 else ()


def identity_loss(xp: Any, x: Any, reduction: int, out: Any) -> None:
    """X summed (0), averaged (1: NaN for an empty X) or copied (2)."""
    if reduction == 2:
        out[...] = x
        return
    with quiet(xp):  # the mean of nothing is 0 / 0
        total = xp.sum(x)
        out[...] = total if reduction == 0 else total / x.size


def hsigmoid_paths(xp: Any, label: Any, num_classes: int, path_table: Any | None,
                   path_code: Any | None, nodes: int) -> tuple[Any, Any, Any]:
    """(node index, branch bit, on-path mask), each [N, code_length], of every sample's path
    from the root. Default tree: leaf c is code c + num_classes, whose j-th step goes
    through node (code >> (j + 1)) - 1 and takes bit j; the path is bit_length(code) - 1
    steps of code_length = bit_length(num_classes - 1). Custom tree: PathTable / PathCode
    rows, a path ending at its first negative node."""
    op = "hierarchical_sigmoid"
    if path_table is None:
        if num_classes < 1:
            raise ValueError(f"{op}: num_classes must be at least 1, got {num_classes}")
        ids = label.reshape(-1).astype(xp.int64)
        if bool(xp.any((ids < 0) | (ids >= num_classes))):
            raise ValueError(f"{op}: Label must hold classes in [0, {num_classes}), got "
                             f"{int(ids[(ids < 0) | (ids >= num_classes)][0])}")
        steps = xp.arange((num_classes - 1).bit_length(), dtype=xp.int64)
        code = (ids + num_classes)[:, None]
        index = (code >> (steps + 1)) - 1
        return index, ((code >> steps) & 1) == 1, index >= 0
    if path_code is None or tuple(path_code.shape) != tuple(path_table.shape):
        raise ValueError(f"{op}: PathCode must be given with PathTable's dims "
                         f"{tuple(path_table.shape)}")
    index = path_table.astype(xp.int64)
    on_path = xp.cumsum(index < 0, axis=1) == 0
    if bool(xp.any(on_path & (index >= nodes))):
        raise ValueError(f"{op}: PathTable names node {int(index[on_path].max())}, but W has "
                         f"{nodes} rows")
    return index, path_code != 0, on_path


def hsigmoid_loss(xp: Any, x: Any, w: Any, label: Any, path_table: Any | None,
                  path_code: Any | None, bias: Any | None, num_classes: int, is_sparse: bool,
                  out: Any, pre_out: Any) -> None:
    """(`is_sparse` only chooses the form of W's gradient: the forward is the same.)
    Out = sum over the code_length columns of softplus(pre) - sum of pre at the path's
    1-bits, pre = clip(bias[node] + W[node] . x, -40, 40) on the path and 0 off it (so each
    off-path column adds log 2, as Paddle's kernel does); PreOut = softplus(pre)."""
    index, bit, on_path = hsigmoid_paths(xp, label, num_classes, path_table, path_code,
                                         w.shape[0])
    if path_table is None and index.shape[1] and w.shape[0] < num_classes - 1:
        raise ValueError(f"hierarchical_sigmoid: W needs num_classes - 1 = {num_classes - 1} "
                         f"rows, got {w.shape[0]}")
    t = x.dtype.type
    node = xp.where(on_path, index, 0)
    with quiet(xp):
        pre = xp.zeros(index.shape, dtype=x.dtype)
        if bias is not None:
            pre += bias.reshape(-1)[node]
        pre += xp.einsum("nld,nd->nl", w[node], x)
        pre = xp.clip(xp.where(on_path, pre, t(0)), t(-40), t(40))
        picked = xp.where(on_path & bit, pre, t(0)).sum(axis=1, keepdims=True)
        xp.log(t(1) + xp.exp(pre), out=pre_out)
        xp.subtract(pre_out.sum(axis=1, keepdims=True), picked, out=out)


def hsigmoid_loss_grad(xp: Any, x: Any, w: Any, label: Any, path_table: Any | None,
                       path_code: Any | None, pre_out: Any, out_grad: Any, num_classes: int,
                       is_sparse: bool, x_grad: Any | None, w_grad: Any | None,
                       bias_grad: Any | None) -> None:
    """(W@GRAD is dense with `is_sparse` too: Paddle's SelectedRows holds the same rows.)
    d Out / d pre = sigmoid(pre) - bit = 1 - 1 / exp(PreOut) - bit on the path (times
    Out@GRAD per row; the clip's subgradient is ignored, as Paddle's kernel ignores it);
    Bias@GRAD / W@GRAD sum it (times x) into each path node's row, X@GRAD sums it times
    the node's W row."""
    index, bit, on_path = hsigmoid_paths(xp, label, num_classes, path_table, path_code,
                                         w.shape[0])
    t = x.dtype.type
    node = xp.where(on_path, index, 0)
    with quiet(xp):
        grad = (t(1) - t(1) / xp.exp(pre_out)) - bit.astype(x.dtype)
        grad = xp.where(on_path, grad * out_grad.reshape(-1, 1), t(0))
    if bias_grad is not None:
        bias_grad[...] = 0
        xp.add.at(bias_grad.reshape(-1), node[on_path], grad[on_path])
    if w_grad is not None:
        w_grad[...] = 0
        xp.add.at(w_grad, node[on_path], (grad[:, :, None] * x[:, None, :])[on_path])
    if x_grad is not None:
        x_grad[...] = xp.einsum("nl,nld->nd", grad, w[node])


def hsigmoid_code_length(num_classes: int, path_table_dims: tuple[int, ...] | None) -> int:
    return int(path_table_dims[1]) if path_table_dims else (num_classes - 1).bit_length()


class NCESampler(enum.IntEnum):
    """nce's `sampler` attribute: where the negative classes come from."""

    UNIFORM = 0
    LOG_UNIFORM = 1
    CUSTOM_DIST = 2

    @classmethod
    def parse(cls, value: int) -> NCESampler:
        try:
            return cls(value)
        except ValueError:
            raise ValueError(f"nce: Unsupported SamplerType. SamplerType should be 0: Uniform, "
                             f"1: LogUniform or 2: CustomDist. Received SamplerType: "
                             f"{value}") from None


def nce_negatives(sampler: NCESampler, classes: int, seed: int, count: int,
                  dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """`count` negative classes as Paddle's samplers draw them over [0, classes): with a
    non-zero seed its own bits (std::mt19937_64 seeded with the seed's low 32 bits and
    libstdc++'s distributions), else fluidphi's process-wide generator."""
    seed &= 0xFFFFFFFF
    rng = random_funcs.global_generator()
    if sampler is NCESampler.UNIFORM:
        return (cpu_engine.uniform_int(seed, count, 0, classes - 1) if seed
                else rng.integers(0, classes, count))
    if sampler is NCESampler.LOG_UNIFORM:
        if classes < 2:
            raise ValueError("nce: the log-uniform sampler needs num_total_classes >= 2")
        u = cpu_engine.canonical(seed, count, np.float64) if seed else rng.random(count)
        scale = np.float64(np.float32(math.log(classes)))
        return (np.exp(u * scale).astype(np.int64) - 1) % (classes - 1)
    _, alias, alias_probs = dist  # type: ignore[misc]
    index, p = (cpu_engine.index_and_canonical(seed, count, classes - 1) if seed
                else (rng.integers(0, classes, count), rng.random(count)))
    aliased = alias[index].astype(np.int64)
    return np.where((p > alias_probs[index]) & (aliased != -1), aliased, index)


def nce_probability(sampler: NCESampler, classes: int, targets: np.ndarray,
                    dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None) -> np.ndarray:
    """The sampler's probability of each target class, float32 as Paddle's samplers give it."""
    if sampler is NCESampler.UNIFORM:
        return np.full(targets.shape, np.float32(1) / np.float32(classes), np.float32)
    if sampler is NCESampler.LOG_UNIFORM:
        scale = np.float64(np.float32(math.log(classes)))
        return (np.log((targets + 2.0) / (targets + 1.0)) / scale).astype(np.float32)
    return dist[0].reshape(-1)[targets].astype(np.float32)  # type: ignore[index]


def nce_sample_labels(label: np.ndarray, num_total_classes: int, num_neg_samples: int,
                      sampler: NCESampler, seed: int, custom_neg_classes: list[int],
                      dist: tuple[np.ndarray, np.ndarray, np.ndarray] | None,
                      rows: int) -> np.ndarray:
    """[N, true + num_neg_samples] int64: each row's true labels, then its negatives
    (custom_neg_classes, else drawn row by row)."""
    if label.ndim != 2:
        raise ValueError(f"nce: Label must be [N, num_true_classes], got {label.shape}")
    if custom_neg_classes:
        if len(custom_neg_classes) != num_neg_samples:
            raise ValueError(f"nce: custom_neg_classes must hold num_neg_samples = "
                             f"{num_neg_samples} classes, got {len(custom_neg_classes)}")
        negatives = np.tile(np.asarray(custom_neg_classes, np.int64), (label.shape[0], 1))
    else:
        negatives = nce_negatives(sampler, num_total_classes, seed,
                                  label.shape[0] * num_neg_samples, dist).reshape(
            label.shape[0], num_neg_samples)
    samples = np.concatenate([label.astype(np.int64), negatives], axis=1)
    if samples.size and samples.min() < 0:
        raise ValueError(f"nce: ValueError: Every sample label should be non-negative. But "
                         f"received: Input(SampleLabels) = {int(samples.min())}")
    if samples.size and samples.max() >= rows:
        raise ValueError(f"nce: sample label {int(samples.max())} is past Weight's {rows} rows")
    return samples


def nce(xp: Any, x: Any, weight: Any, bias: Any | None, sample_weight: Any | None,
        samples: np.ndarray, probability: np.ndarray, num_true: int, num_neg_samples: int,
        cost: Any, sample_logits: Any | None) -> None:
    """sample_logits = sigmoid(bias[s] + x . weight[s]) per sample class s; cost per row =
    w * (sum over true s of -log(o / (o + b)) + sum over negatives of -log(b / (o + b))),
    b = probability(s) * num_neg_samples in float32 (Paddle's sampler type)."""
    ids = xp.asarray(samples)
    with quiet(xp):
        logits = xp.einsum("nd,nsd->ns", x, weight[ids])
        if bias is not None:
            logits = bias.reshape(-1)[ids] + logits
        o = (1.0 / (1.0 + xp.exp(-logits).astype(xp.float64))).astype(x.dtype)
        b = xp.asarray(probability * np.float32(num_neg_samples)).astype(x.dtype)
        true = xp.asarray(np.arange(samples.shape[1]) < num_true)
        each = -xp.log(xp.where(true, o, b) / (o + b))
        if sample_weight is not None:
            each = sample_weight.reshape(-1, 1).astype(x.dtype) * each
        cost[...] = each.sum(axis=1, keepdims=True)
        if sample_logits is not None:
            sample_logits[...] = o


def nce_loss(xp: Any, x: Any, label: Any, weight: Any, bias: Any | None,
             sample_weight: Any | None, dist: tuple[Any, Any, Any] | None,
             num_total_classes: int, custom_neg_classes: list[int], num_neg_samples: int,
             sampler: int, seed: int, cost: Any, sample_logits: Any | None,
             sample_labels: Any | None) -> None:
    """nce's forward: the samples (`nce_sample_labels`), their logits and the cost (the
    samples and logits written where their outputs are given: saved programs drop them)."""
    kind = NCESampler.parse(sampler)
    host_dist = None
    if kind is NCESampler.CUSTOM_DIST:
        if dist is None or any(d is None for d in dist):
            raise ValueError("nce: sampler 2 (CustomDist) needs CustomDistProbs, "
                             "CustomDistAlias and CustomDistAliasProbs")
        host_dist = tuple(to_host(d).reshape(-1) for d in dist)
        if any(d.size != num_total_classes for d in host_dist):
            raise ValueError(f"nce: ShapeError: CustomDistProbs, CustomDistAlias and "
                             f"CustomDistAliasProbs need num_total_classes = "
                             f"{num_total_classes} elements each")
    samples = nce_sample_labels(to_host(label), num_total_classes, num_neg_samples, kind, seed,
                                list(custom_neg_classes), host_dist, weight.shape[0])
    nce(xp, x, weight, bias, sample_weight, samples,
        nce_probability(kind, num_total_classes, samples, host_dist), label.shape[1],
        num_neg_samples, cost, sample_logits)
    if sample_labels is not None:
        sample_labels[...] = xp.asarray(samples)


def nce_dims(x_dims: tuple[int, ...], label_dims: tuple[int, ...],
             num_neg_samples: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Cost [N, 1], SampleLogits / SampleLabels [N, num_true + num_neg_samples])."""
    if len(label_dims) != 2 or label_dims[0] != x_dims[0]:
        raise ValueError(f"nce: Label must be [N, num_true_classes] with Input's N = "
                         f"{x_dims[0]}, got {tuple(label_dims)}")
    return (x_dims[0], 1), (x_dims[0], label_dims[1] + num_neg_samples)


def nce_loss_grad(xp: Any, x: Any, weight: Any, sample_weight: Any | None, sample_logits: Any,
                  sample_labels: Any, label: Any, dist: tuple[Any, Any, Any] | None,
                  num_total_classes: int, num_neg_samples: int, sampler: int, cost_grad: Any,
                  x_grad: Any | None, weight_grad: Any | None, bias_grad: Any | None) -> None:
    """d cost / d logit per sample: w * b / (o + b) * (o - 1) for a true class, w * o (1 - o)
    / (o + b) for a negative (times Cost@GRAD), scattered into Bias@GRAD and (times Input)
    Weight@GRAD rows and gathered (times the Weight rows) into Input@GRAD."""
    kind = NCESampler.parse(sampler)
    host_dist = None if kind is not NCESampler.CUSTOM_DIST else tuple(
        to_host(d).reshape(-1) for d in dist)  # type: ignore[union-attr]
    samples = to_host(sample_labels).astype(np.int64)
    b = xp.asarray(nce_probability(kind, num_total_classes, samples, host_dist)
                   * np.float32(num_neg_samples)).astype(x.dtype)
    o = sample_logits
    w = (xp.ones((o.shape[0], 1), dtype=x.dtype) if sample_weight is None
         else sample_weight.reshape(-1, 1).astype(x.dtype))
    true = xp.asarray(np.arange(samples.shape[1]) < label.shape[1])
    with quiet(xp):
        grad = xp.where(true, w * (b / (o + b)) * (o - 1), w * (o * (1 - o) / (o + b)))
        grad = grad * cost_grad.reshape(-1, 1)
    ids = xp.asarray(samples)
    if bias_grad is not None:
        bias_grad[...] = 0
        xp.add.at(bias_grad.reshape(-1), ids.reshape(-1), grad.reshape(-1))
    if weight_grad is not None:
        weight_grad[...] = 0
        xp.add.at(weight_grad, ids.reshape(-1),
                  (grad[:, :, None] * x[:, None, :]).reshape(-1, x.shape[1]))
    if x_grad is not None:
        x_grad[...] = xp.einsum("ns,nsd->nd", grad, weight[ids])
