"""Gradients of the scans cumprod and logcumsumexp, shared by PHI and legacy kernels
(cumsum's is in phi.kernels.funcs.cumsum). Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.scan import cumprod_dim, logcumsumexp


def _rev_cumsum(xp: Any, values: Any) -> Any:
    """Running sums along the last axis from the back."""
    return xp.flip(xp.cumsum(xp.flip(values, axis=-1), axis=-1), axis=-1)


def cumprod_grad(xp: Any, x: Any, out_grad: Any, dim: int, exclusive: bool, reverse: bool,
                 x_grad: Any) -> None:
    """x_grad[j] = sum over the outputs i holding x[j] of out_grad[i] times the product of
    the other factors of out[i] (conjugated for complex x), zeros included: before a row's
    first zero that is sum(out_grad * out) from j on, over x[j]; at the first zero, the
    same with that zero taken as 1; after it, 0. `exclusive` shifts out_grad one step
    (out[i] holds x[:i]), `reverse` runs from the back; a 0-d x_grad is out_grad."""
    ax = cumprod_dim(dim, x.ndim)
    if x.ndim == 0 or x.size == 0:
        xp.copyto(x_grad, out_grad, casting="unsafe")
        return
    w = xp.moveaxis(x, ax, -1)
    g = xp.moveaxis(out_grad, ax, -1)
    if reverse:
        w, g = xp.flip(w, axis=-1), xp.flip(g, axis=-1)
    if exclusive:  # out[i] = inclusive[i - 1]: inclusive[m] gets out_grad[m + 1]
        g = xp.concatenate([g[..., 1:], xp.zeros_like(g[..., :1])], axis=-1)
    if w.dtype.kind == "c":
        w = xp.conj(w)
    n = w.shape[-1]
    zero = w == 0
    first = xp.where(zero.any(axis=-1), xp.argmax(zero, axis=-1), n)[..., None]
    positions = xp.arange(n)
    with quiet(xp):
        before = _rev_cumsum(xp, g * xp.cumprod(w, axis=-1)) / xp.where(zero, 1, w)
        lifted = xp.where(positions == first, xp.ones((), w.dtype), w)  # first zero as 1
        at_zero = _rev_cumsum(xp, g * xp.cumprod(lifted, axis=-1))
    grad = xp.where(positions < first, before,
                    xp.where(positions == first, at_zero, xp.zeros((), w.dtype)))
    if reverse:
        grad = xp.flip(grad, axis=-1)
    xp.copyto(x_grad, xp.moveaxis(grad, -1, ax), casting="unsafe")


def logcumsumexp_grad(xp: Any, x: Any, out: Any, out_grad: Any, axis: int, flatten: bool,
                      exclusive: bool, reverse: bool, x_grad: Any) -> None:
    """x_grad = sum over the outputs i holding x[j] of out_grad[i] * exp(x[j] - out[i]),
    as Paddle 3.3.1 computes it: out_grad's positive and negative parts each as
    exp(logcumsumexp(log(+-out_grad) - out, from the other end) + x) (a part's zeros as
    -inf, so the forward scan's rules for -inf, +inf and NaN apply), their difference;
    with `flatten` over the flattened x."""
    with quiet(xp):
        parts = []
        for sign in (1, -1):
            signed = sign * out_grad
            logs = xp.where(signed > 0, xp.log(xp.where(signed > 0, signed, 1)),
                            out.dtype.type(-np.inf)) - out
            scanned = xp.empty_like(logs)
            logcumsumexp(xp, logs, axis, flatten, exclusive, not reverse, scanned)
            parts.append(xp.exp(scanned.reshape(x.shape) + x))
        xp.subtract(parts[0], parts[1], out=x_grad)
