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
