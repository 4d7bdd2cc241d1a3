"""Numerically stable softmax along one axis, shared by PHI and legacy kernels.

Paddle's CPU softmax (and log_softmax, softmax_with_cross_entropy) clips the shifted logits
x - max at -64 before exp (its ValueClip): no probability falls below about e^-64 / C, so
log(softmax) is never below -64 - log(C), and -inf logits give e^-64 / C, not 0.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import compute_dtype, quiet


def normalize_axis(axis: int, rank: int) -> int:
    """`axis` in [-rank, rank) -> [0, rank); a 0-D tensor accepts -1 and 0."""
    r = max(rank, 1)
    if not -r <= axis < r:
        raise ValueError(f"softmax: axis {axis} is out of range for a {rank}-D tensor "
                         f"(expected [-{r}, {r}))")
    return axis % r


#: Paddle's ValueClip: the lowest shifted logit.
SHIFT_FLOOR = -64.0


def clipped_shift(xp: Any, x: Any, axis: int) -> Any:
    """max(x - max(x, axis), -64), as Paddle's softmax functors (NaN stays NaN)."""
    shifted = x - x.max(axis=axis, keepdims=True)
    return xp.maximum(shifted, x.dtype.type(SHIFT_FLOOR), out=shifted)


def row_operands(x: Any, axis: int, out: Any) -> tuple[Any, int, Any]:
    """(x, axis, out) as `finite_softmax` takes them: for the last axis of a C-contiguous
    x and out of 3 or more dims, their rows as 2-D views (NumPy reduces short rows of a 2-D
    array faster than of a deeper one: the same sums, in the same order)."""
    if axis == x.ndim - 1 > 1 and x.flags.c_contiguous and out.flags.c_contiguous:
        return x.reshape(-1, x.shape[-1]), 1, out.reshape(-1, x.shape[-1])
    return x, axis, out


def finite_softmax(xp: Any, x: Any, axis: int, out: Any) -> bool:
    """softmax in `out` itself when every maximum along `axis` is finite (then s <= 0, so
    nothing overflows and every sum is >= 1: no floating-point warning can arise); False,
    with `out` untouched, when one is not. x and out have the working dtype."""
    top = x.max(axis=axis, keepdims=True)
    if not bool(xp.isfinite(top).all()):
        return False
    xp.subtract(x, top, out=out)
    xp.maximum(out, out.dtype.type(SHIFT_FLOOR), out=out)
    xp.exp(out, out=out)
    xp.divide(out, out.sum(axis=axis, keepdims=True), out=out)
    return True


def softmax(xp: Any, x: Any, axis: int, out: Any) -> None:
    """out = exp(s) / sum(exp(s)) along `axis` with s = max(x - max, -64) (float16/bfloat16
    in float32)."""
    axis = normalize_axis(axis, x.ndim)
    if x.ndim == 0:
        out[...] = 1
        return
    work = compute_dtype(x.dtype)
    if x.dtype == work and out.dtype == work and x.size \
            and finite_softmax(xp, *row_operands(x, axis, out)):
        return
    w = x if x.dtype == work else x.astype(work)
    with quiet(xp):  # an infinite maximum gives inf - inf: NaN, as Paddle's
        e = xp.exp(clipped_shift(xp, w, axis))
        total = e.sum(axis=axis, keepdims=True)
        if out.dtype == e.dtype:
            xp.divide(e, total, out=out)
        else:
            xp.copyto(out, e / total, casting="unsafe")
