"""More reductions, shared by PHI and legacy kernels: logical all / any, logsumexp,
p-norms (amax / amin are `reduce.reduce_max` / `reduce_min`: Paddle's forward is the same)
and variance (the population variance, mean(|x - mean|^2), over `axis`; every axis when it
is empty; NaN over no elements).

Every function writes into a preallocated `out`; the semantics (NaN, infinities, empty
and 0-d inputs) are Paddle 3.3.1's CPU kernels', pinned by tests/fixtures/ops/reduce_ext.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.reduce import reduce_axes


def check_reduce_all(op: str, rank: int, dim: Sequence[int], reduce_all: bool) -> None:
    """Refuse reduce_all with a `dim` that names only some axes: Paddle's amax / amin then
    give `dim`'s dims with only the first element written (the rest uninitialized)."""
    if reduce_all and dim and len(reduce_axes(rank, dim, False)) != rank:
        raise ValueError(f"{op}: reduce_all is set but dim {list(dim)} names only some of "
                         f"the {rank} axes; Paddle 3.3.1 returns uninitialized memory here "
                         "(give dim = [] or every axis)")


def reduce_all(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = every element over `axes` is non-zero (NaN counts as non-zero; True over
    no elements)."""
    out[...] = xp.all(x, axis=tuple(axes)).reshape(out.shape)


def reduce_any(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = some element over `axes` is non-zero (False over no elements)."""
    out[...] = xp.any(x, axis=tuple(axes)).reshape(out.shape)


def logsumexp(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = m + log(sum(exp(x - m))) with m the max over `axes`, as Paddle computes it:
    no special case for infinite m, so a row of -inf (or holding +inf) gives NaN; zero
    elements give -inf."""
    axes = tuple(axes)
    if x.size == 0:
        out[...] = -np.inf
        return
    with quiet(xp):
        m = xp.max(x, axis=axes, keepdims=True)
        total = xp.sum(xp.exp(x - m), axis=axes, keepdims=True)
        result = xp.log(total) + m
    out[...] = result.reshape(out.shape)


def p_norm_dims(x_dims: Sequence[int], axis: int, keepdim: bool, asvector: bool
                ) -> tuple[int, ...]:
    """Out's dims: x's without `axis` (size 1 with keepdim); with asvector nothing (all
    ones with keepdim)."""
    rank = len(x_dims)
    if rank == 0:
        raise ValueError("p_norm: X is 0-d; Paddle 3.3.1's CPU kernel reads dims[axis] of "
                         "it (undefined: it crashed or returned the norm of nothing in our "
                         "runs), so fluidphi refuses it")
    if asvector:
        return (1,) * rank if keepdim else ()
    axis = _norm_axis(axis, rank)
    if keepdim:
        return tuple(1 if i == axis else int(d) for i, d in enumerate(x_dims))
    return tuple(int(d) for i, d in enumerate(x_dims) if i != axis)


def _norm_axis(axis: int, rank: int) -> int:
    if not -rank <= int(axis) < rank:
        raise ValueError(f"p_norm: axis {axis} is out of range for a {rank}-D X")
    return int(axis) % rank


def _fold_extreme(xp: Any, a: Any, largest: bool) -> Any:
    """max (or min) of `a` (pre, n, post) over axis 1 the way Paddle's Eigen reduction
    folds it, acc = (t < acc) ? acc : t: a NaN is taken and then replaced by the next
    element, so only the elements after the last NaN count, and a NaN last wins."""
    n = a.shape[1]
    pos = xp.arange(n).reshape(1, n, 1)
    last_nan = xp.max(xp.where(xp.isnan(a), pos, -1), axis=1, keepdims=True)
    counted = xp.where(pos > last_nan, a, -np.inf if largest else np.inf)
    result = xp.max(counted, axis=1) if largest else xp.min(counted, axis=1)
    return xp.where(last_nan[:, 0, :] == n - 1, np.nan, result)


def p_norm(xp: Any, x: Any, porder: float, axis: int, asvector: bool, out: Any) -> None:
    """Vector p-norm of x along `axis` (of all of x with `asvector`), in x's type, as
    Paddle's CPU kernel: p = 0 counts non-zeros (NaN included); p = +-inf is the max / min
    of |x| (`_fold_extreme`); otherwise (sum |x|^p)^(1/p) with float32 exponents and no
    scaling (so it under- and overflows where Paddle does); no elements give 0."""
    if x.size == 0:
        out[...] = 0
        return
    if asvector:
        a = x.reshape(1, -1, 1)
    else:
        ax = _norm_axis(axis, x.ndim)
        a = x.reshape(math.prod(x.shape[:ax]), x.shape[ax], -1)
    porder = float(porder)
    with quiet(xp):
        if porder == 0:
            result = xp.sum(a != 0, axis=1).astype(x.dtype)
        elif math.isinf(porder):
            result = _fold_extreme(xp, xp.abs(a), porder > 0)
        else:  # Paddle's exponents are float32 (p and 1 / p), whatever x's type
            p = np.float32(porder)
            inv = np.float32(1.0 / float(p))
            result = xp.sum(xp.abs(a) ** x.dtype.type(p), axis=1) ** x.dtype.type(inv)
    out[...] = result.reshape(out.shape)


def variance(xp: Any, x: Any, axis: Sequence[int], out: Any) -> None:
    """out = mean((x - mean(x))^2) over `axis` (all axes when empty), in x's type."""
    axes = reduce_axes(x.ndim, axis, False)
    count = x.dtype.type(math.prod(x.shape[a] for a in axes))
    with quiet(xp):  # sums over a count of 0 divide to NaN (NumPy's mean would warn)
        centred = x - xp.sum(x, axis=axes, keepdims=True) / count
        out[...] = (xp.sum(centred * centred, axis=axes) / count).reshape(out.shape)
