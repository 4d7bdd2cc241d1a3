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


def softmax(xp: Any, x: Any, axis: int, out: Any) -> None:
    """out = exp(s) / sum(exp(s)) along `axis` with s = max(x - max, -64) (float16/bfloat16
    in float32)."""
    axis = normalize_axis(axis, x.ndim)
    if x.ndim == 0:
        out[...] = 1
        return
    work = compute_dtype(x.dtype)
    if x.dtype == work and out.dtype == work and x.size:
        if axis == x.ndim - 1 > 1 and x.flags.c_contiguous and out.flags.c_contiguous:
            # the last axis's rows as a 2-D view: NumPy reduces short rows of a 2-D array
            # faster than of a deeper one (the same sums, in the same order)
            axis, x, out = 1, x.reshape(-1, x.shape[-1]), out.reshape(-1, x.shape[-1])
        top = x.max(axis=axis, keepdims=True)
        if bool(xp.isfinite(top).all()):
            # finite maxima: s <= 0, so nothing overflows and every sum is >= 1; no
            # floating-point warning can arise, and the work happens in `out` itself
            xp.subtract(x, top, out=out)
            xp.maximum(out, work.type(SHIFT_FLOOR), out=out)
            xp.exp(out, out=out)
            xp.divide(out, out.sum(axis=axis, keepdims=True), out=out)
            return
    w = x if x.dtype == work else x.astype(work)
    with quiet(xp):  # an infinite maximum gives inf - inf: NaN, as Paddle's
        e = xp.exp(clipped_shift(xp, w, axis))
        total = e.sum(axis=axis, keepdims=True)
        if out.dtype == e.dtype:
            xp.divide(e, total, out=out)
        else:
            xp.copyto(out, e / total, casting="unsafe")
