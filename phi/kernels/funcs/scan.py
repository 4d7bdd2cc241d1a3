"""Scans along one axis, shared by PHI and legacy kernels: cumprod and logcumsumexp.

Semantics are Paddle 3.3.1's CPU kernels' (tests/fixtures/ops/scan): cumprod is the plain
running product in x's type (integers wrap); logcumsumexp is Eigen's scan with Paddle's
log-sum-exp reducer, whose start value is the lowest finite float (not -inf) and whose
step is acc' = M + log1p(exp(m - M)), M = max(acc, t), m = min(acc, t) with C++'s
comparisons (a NaN t leaves M = m = acc). A 0-d x is copied.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def scan_axis(op: str, axis: int, rank: int, flatten: bool = False) -> int:
    """The axis a scan runs along, checked against the scanned rank (1 when flattened or
    0-d, as Paddle checks it)."""
    scanned = 1 if flatten or rank == 0 else rank
    if not -scanned <= int(axis) < scanned:
        raise ValueError(f"{op}: axis {axis} is out of range for the {scanned}-D tensor it "
                         f"scans (expected [-{scanned}, {scanned - 1}])")
    return int(axis) % scanned


def cumprod_dim(dim: int, rank: int) -> int:
    """cumprod's `dim`, checked as Paddle does ([-rank, rank); only 0 for a 0-d x)."""
    if not -rank <= int(dim) < max(rank, 1):
        raise ValueError(f"cumprod: dim {dim} is out of range for a {rank}-D X (the input "
                         f"dim must be in [-{rank}, {max(rank, 1) - 1}])")
    return int(dim) % max(rank, 1)


def _along(xp: Any, w: Any, ax: int, reverse: bool) -> Any:
    return xp.flip(w, axis=ax) if reverse else w


def _shift_exclusive(xp: Any, scan: Any, ax: int, first: Any) -> Any:
    """The scan moved one step along `ax`, `first` in front (an exclusive scan)."""
    head = xp.full_like(xp.take(scan, [0], axis=ax), first)
    body = xp.take(scan, xp.arange(scan.shape[ax] - 1), axis=ax)
    return xp.concatenate([head, body], axis=ax)


def cumprod(xp: Any, x: Any, dim: int, exclusive: bool, reverse: bool, out: Any) -> None:
    """Running products along `dim` in x's type (integers wrap); `exclusive` leaves each
    element out of its own product (1 first), `reverse` runs from the back."""
    ax = cumprod_dim(dim, x.ndim)
    if x.ndim == 0 or x.size == 0:
        out[...] = x
        return
    w = _along(xp, x, ax, reverse)
    with quiet(xp):
        scan = xp.cumprod(w, axis=ax, dtype=x.dtype)
    if exclusive:
        scan = _shift_exclusive(xp, scan, ax, 1)
    out[...] = _along(xp, scan, ax, reverse)


def _first_index(xp: Any, mask: Any, ax: int, n: int) -> Any:
    """Index of the first True along `ax` (n where there is none), keeping the axis."""
    pos = xp.arange(n).reshape([n if i == ax else 1 for i in range(mask.ndim)])
    return xp.min(xp.where(mask, pos, n), axis=ax, keepdims=True)


def _logcumsumexp_inclusive(xp: Any, w: Any, ax: int) -> Any:
    """Paddle's inclusive log-sum-exp scan along `ax` (see the module doc), vectorised:
    a NaN step doubles the running sum (acc + log 2), so with C the running count of NaNs
    acc_i = logcumsumexp(x_j - C_j log 2)_i + C_i log 2 over the non-NaN x_j; from the
    first +inf on, acc is +inf until the next +inf or NaN, NaN after it; acc never falls
    below the lowest float, where the scan starts."""
    n = w.shape[ax]
    nan = xp.isnan(w)
    count = xp.cumsum(nan, axis=ax).astype(w.dtype)
    log2 = w.dtype.type(np.log(2.0))
    with quiet(xp):
        y = xp.where(nan, -np.inf, w - count * log2)
        acc = xp.logaddexp.accumulate(y, axis=ax) + count * log2
    lowest = np.finfo(w.dtype).min
    acc = xp.maximum(acc, lowest)
    pos = xp.arange(n).reshape([n if i == ax else 1 for i in range(w.ndim)])
    first_inf = _first_index(xp, xp.isposinf(w), ax, n)
    after = (pos > first_inf) & (xp.isposinf(w) | nan)
    poisoned = _first_index(xp, after, ax, n)
    acc = xp.where(pos >= first_inf, np.inf, acc)
    return xp.where(pos >= poisoned, np.nan, acc)


def logcumsumexp(xp: Any, x: Any, axis: int, flatten: bool, exclusive: bool, reverse: bool,
                 out: Any) -> None:
    """Running log(sum(exp)) along `axis` (of the flattened x when `flatten`, out being
    1-D), as Paddle's scan: `exclusive` starts from the lowest float, `reverse` runs from
    the back."""
    ax = scan_axis("logcumsumexp", axis, x.ndim, flatten)
    if x.ndim == 0:
        out[...] = x
        return
    w = x.reshape(-1) if flatten else x
    if w.size == 0:
        return
    w = _along(xp, w, ax, reverse)
    scan = _logcumsumexp_inclusive(xp, w, ax)
    if exclusive:
        scan = _shift_exclusive(xp, scan, ax, np.finfo(x.dtype).min)
    out[...] = _along(xp, scan, ax, reverse).reshape(out.shape)

