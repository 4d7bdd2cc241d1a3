"""cross_entropy (v1: hard or soft labels) and cross_entropy2 (hard labels, with MatchX):
the loss of a probability X, classes on the last axis, and their gradients.

Hard labels hold class ids with 1 class, or (as Paddle accepts) no class axis at all, Y then
having the label's dims; a label equal to ignore_index gives loss 0 and
gradient 0. Paddle takes the log through TolerableValue: log(0) = -inf becomes -1e20 (so a
zero probability at the label costs 1e20, and a soft label of 0 there contributes 0), NaN
stays NaN.
- cross_entropy: Y = -log(X at the label) (hard) or -sum(Label * log X) (soft, Label of X's
  dims); X@GRAD = -Y@GRAD / X at the label (hard), -Label * Y@GRAD / X (soft).
- cross_entropy2: MatchX = X at the label (0 where ignored), Y = -log(MatchX); X@GRAD =
  -Y@GRAD / MatchX at the label, X's dims from XShape ([0, *X.dims]).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from phi.kernels.funcs.common import quiet

#: Paddle's TolerableValue bound for an infinite log.
APPROX_INF = 1e20


def loss_dims(x_dims: Sequence[int], op: str = "cross_entropy2") -> tuple[int, ...]:
    """MatchX (and Y for soft or same-rank labels): X's dims with 1 class."""
    if not x_dims:
        raise ValueError(f"{op}: X must have at least one dim (the classes)")
    return (*(int(d) for d in x_dims[:-1]), 1)


def y_dims(x_dims: Sequence[int], label_dims: Sequence[int], soft_label: bool = False,
           op: str = "cross_entropy2") -> tuple[int, ...]:
    """Y: a hard Label's own dims (X's dims with 1 class, or without the class axis), X's
    dims with 1 class for soft labels."""
    if not soft_label and len(label_dims) == len(x_dims) - 1:
        return tuple(int(d) for d in label_dims)
    return loss_dims(x_dims, op)


def check_label_dims(x_dims: Sequence[int], label_dims: Sequence[int], soft_label: bool = False,
                     op: str = "cross_entropy2") -> None:
    """Soft labels have X's dims; hard ones X's dims with 1 class, or (as Paddle accepts)
    X's dims without the class axis."""
    if op == "cross_entropy" and len(x_dims) < 2:
        raise ValueError(f"cross_entropy: X must have rank >= 2 (Paddle flattens it to a "
                         f"matrix), got dims {list(x_dims)}")
    label = tuple(int(d) for d in label_dims)
    full = tuple(int(d) for d in x_dims) if soft_label else loss_dims(x_dims, op)
    if label == full or (not soft_label and label == full[:-1]):
        return
    kind = "X's dims (soft labels)" if soft_label else \
        f"X's dims with 1 class or without the class axis ({list(full[:-1])})"
    raise ValueError(f"{op}: Label must have dims {list(full)} ({kind}), got {list(label)}")


def _class_axis(xp: Any, a: Any, rank: int) -> Any:
    """A hard label (or Y / Y@GRAD of its dims) with X's rank: a trailing axis of 1 added
    when it has none."""
    return a.reshape((*a.shape, 1)) if a.ndim == rank - 1 else a


def _ids(xp: Any, label: Any, classes: int, ignore_index: int, op: str) -> tuple[Any, Any]:
    """(class ids with ignored rows at 0, mask of kept rows), both of Label's dims."""
    ids = label.astype(xp.int64)
    keep = ids != ignore_index
    bad = keep & ((ids < 0) | (ids >= classes))
    if bool(xp.any(bad)):
        raise ValueError(f"{op}: label {int(ids[bad].reshape(-1)[0])} is out of range "
                         f"[0, {classes}) (and not ignore_index {ignore_index})")
    return xp.where(keep, ids, 0), keep


def tolerable_log(xp: Any, x: Any) -> Any:
    """log(x) with +-inf clipped to +-1e20 (Paddle's TolerableValue)."""
    with quiet(xp):
        out = xp.log(x)
    bound = x.dtype.type(APPROX_INF)
    return xp.clip(out, -bound, bound)


def _hard_loss(xp: Any, x: Any, label: Any, ignore_index: int, op: str) -> tuple[Any, Any, Any]:
    """(picked X at the labels, -log of it, kept mask), of X's dims with 1 class."""
    ids, keep = _ids(xp, _class_axis(xp, label, x.ndim), int(x.shape[-1]), ignore_index, op)
    picked = xp.take_along_axis(x, ids, axis=-1)
    return picked, -tolerable_log(xp, picked), keep


def cross_entropy(xp: Any, x: Any, label: Any, soft_label: bool, ignore_index: int,
                  y: Any) -> None:
    zero = x.dtype.type(0)
    if soft_label:
        with quiet(xp):
            xp.negative((label * tolerable_log(xp, x)).sum(axis=-1, keepdims=True), out=y)
        return
    _, loss, keep = _hard_loss(xp, x, label, ignore_index, "cross_entropy")
    y[...] = xp.where(keep, loss, zero).reshape(y.shape)


def cross_entropy_grad(xp: Any, x: Any, label: Any, y_grad: Any, soft_label: bool,
                       ignore_index: int, x_grad: Any) -> None:
    zero = x_grad.dtype.type(0)
    with quiet(xp):
        if soft_label:
            x_grad[...] = -label * y_grad / x
            return
        classes = int(x.shape[-1])
        ids, keep = _ids(xp, _class_axis(xp, label, x.ndim), classes, ignore_index,
                         "cross_entropy_grad")
        y_grad = _class_axis(xp, y_grad, x.ndim)
        local = xp.where(keep, -y_grad / xp.take_along_axis(x, ids, axis=-1), zero)
    x_grad[...] = xp.where(ids == xp.arange(classes), local, zero)


def cross_entropy2(xp: Any, x: Any, label: Any, ignore_index: int, y: Any,
                   match_x: Any) -> None:
    picked, loss, keep = _hard_loss(xp, x, label, ignore_index, "cross_entropy2")
    zero = x.dtype.type(0)
    match_x[...] = xp.where(keep, picked, zero)
    y[...] = xp.where(keep, loss, zero).reshape(y.shape)


def cross_entropy2_grad(xp: Any, label: Any, match_x: Any, y_grad: Any, ignore_index: int,
                        x_grad: Any) -> None:
    classes = int(x_grad.shape[-1])
    ids, keep = _ids(xp, _class_axis(xp, label, x_grad.ndim), classes, ignore_index,
                     "cross_entropy2_grad")
    y_grad = _class_axis(xp, y_grad, x_grad.ndim)
    zero = x_grad.dtype.type(0)
    with quiet(xp):
        local = xp.where(keep, -y_grad / match_x, zero)
    x_grad[...] = xp.where(ids == xp.arange(classes), local, zero)
