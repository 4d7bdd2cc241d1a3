"""Numerically stable softmax along one axis, shared by PHI and legacy kernels."""

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


def softmax(xp: Any, x: Any, axis: int, out: Any) -> None:
    """out = exp(x - max) / sum(exp(x - max)) along `axis` (float16/bfloat16 in float32)."""
    axis = normalize_axis(axis, x.ndim)
    if x.ndim == 0:
        out[...] = 1
        return
    work = compute_dtype(x.dtype)
    w = x if x.dtype == work else x.astype(work)
    with quiet(xp):
        shifted = w - xp.max(w, axis=axis, keepdims=True)
        e = xp.exp(shifted)
        total = xp.sum(e, axis=axis, keepdims=True)
        xp.copyto(out, e / total, casting="unsafe")
