"""Sorting and searching along one axis, shared by PHI and legacy kernels: argsort,
top-k, k-th value, mode and searchsorted (arg_min / arg_max live in funcs.reduce).

Paddle's CPU kernels sort (value, index) pairs with a comparator that puts NaN above
every number and keeps -0.0 == 0.0. Where its libstdc++ algorithm is stable (or the
values decide) fluidphi gives the same order; elsewhere the order of equal elements is
an artefact of introsort / introselect, and fluidphi's rule is the stable one: equal
elements keep their index order (lowest index first, descending too).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import HALF_DTYPES


def sort_axis(op: str, axis: int, rank: int) -> int:
    """`axis` normalised (0-d tensors take -1 and 0)."""
    bound = max(rank, 1)
    if not -bound <= int(axis) < bound:
        raise ValueError(f"{op}: axis {axis} is out of range for a {rank}-D X")
    return int(axis) % bound


def _scalar(x: Any, out: Any, indices: Any) -> bool:
    """A 0-d x is its own result, at index 0 (True: done)."""
    if x.ndim:
        return False
    out[...] = x
    indices[...] = 0
    return True


def _sortable(x: Any) -> Any:
    """x in a type NumPy sorts in the same order (half types as float32)."""
    return x.astype(np.float32) if x.dtype in HALF_DTYPES else x


def stable_order(xp: Any, x: Any, ax: int, descending: bool) -> Any:
    """int64 indices sorting x along `ax`, NaN above every number, equal elements in index
    order (descending: sorted from the back, then reversed, so ties still ascend)."""
    w = _sortable(x)
    if not descending:
        return xp.argsort(w, axis=ax, kind="stable").astype(np.int64)
    n = w.shape[ax]
    order = xp.argsort(xp.flip(w, axis=ax), axis=ax, kind="stable")
    return (n - 1 - xp.flip(order, axis=ax)).astype(np.int64)


def argsort(xp: Any, x: Any, axis: int, descending: bool, out: Any, indices: Any) -> None:
    """out = x sorted along `axis` (ascending: NaN last; descending: NaN first), indices
    the positions they came from."""
    if _scalar(x, out, indices):
        return
    if x.size == 0:
        return
    ax = sort_axis("argsort", axis, x.ndim)
    order = stable_order(xp, x, ax, descending)
    indices[...] = order
    out[...] = xp.take_along_axis(x, order, axis=ax)


def topk_dims(x_dims: Sequence[int], k: int, axis: int, op: str = "top_k_v2"
              ) -> tuple[int, ...]:
    """x's dims with k at `axis` (a 0-d x stays 0-d); k must fit the axis."""
    if not x_dims:
        return ()
    ax = sort_axis(op, axis, len(x_dims))
    if not 0 <= int(k) <= int(x_dims[ax]) and int(x_dims[ax]) >= 0:
        raise ValueError(f"{op}: k ({k}) must be at least 0 and less than or equal to "
                         f"{x_dims[ax]}, the size of axis {axis}")
    return tuple(int(k) if i == ax else int(d) for i, d in enumerate(x_dims))


def topk(xp: Any, x: Any, k: int, axis: int, largest: bool, out: Any, indices: Any) -> None:
    """The k largest (or smallest) elements along `axis` and their positions, sorted (NaN
    counts as the largest value; equal values: lowest index first). Paddle's unsorted
    order (`sorted` false) is introselect's arrangement; fluidphi returns them sorted."""
    if _scalar(x, out, indices):
        return
    if out.size == 0:
        return
    ax = sort_axis("top_k_v2", axis, x.ndim)
    order = xp.take(stable_order(xp, x, ax, largest), xp.arange(int(k)), axis=ax)
    indices[...] = order
    out[...] = xp.take_along_axis(x, order, axis=ax)


def reduced_dims(op: str, x_dims: Sequence[int], axis: int, keepdim: bool
                 ) -> tuple[int, ...]:
    """x's dims without `axis` (size 1 with keepdim), for kthvalue and mode."""
    if not x_dims:
        return ()
    ax = sort_axis(op, axis, len(x_dims))
    if keepdim:
        return tuple(1 if i == ax else int(d) for i, d in enumerate(x_dims))
    return tuple(int(d) for i, d in enumerate(x_dims) if i != ax)


def _pick(xp: Any, x: Any, order: Any, ax: int, pos: Any, out: Any, indices: Any) -> None:
    """out / indices = x / its index at sorted position `pos` (keepdims shape) along ax."""
    idx = xp.take_along_axis(order, pos, axis=ax)
    indices[...] = idx.reshape(indices.shape)
    out[...] = xp.take_along_axis(x, idx, axis=ax).reshape(out.shape)


def kthvalue(xp: Any, x: Any, k: int, axis: int, out: Any, indices: Any) -> None:
    """The k-th smallest element along `axis` (NaN above every number) and its index (of
    equal values, the one the stable order puts k-th)."""
    if x.ndim == 0 and int(k) != 1:
        raise ValueError(f"kthvalue: k ({k}) must be 1 for a 0-d X")
    if _scalar(x, out, indices):
        return
    ax = sort_axis("kthvalue", axis, x.ndim)
    n = int(x.shape[ax])
    if not 1 <= int(k) <= n:
        raise ValueError(f"kthvalue: k ({k}) must be in [1, {n}]: the input of kthvalue must "
                         f"have >= {k} columns in axis {axis}")
    if out.size == 0:
        return
    order = stable_order(xp, x, ax, False)
    pos = xp.full([1 if i == ax else d for i, d in enumerate(x.shape)], int(k) - 1, np.int64)
    _pick(xp, x, order, ax, pos, out, indices)


def mode(xp: Any, x: Any, axis: int, out: Any, indices: Any) -> None:
    """The most frequent value along `axis` (the smallest of the most frequent ones; each
    NaN counts alone) and the index of its last occurrence, as Paddle's scan of the sorted
    row (std::sort is stable on rows of up to 16: beyond, Paddle's index among equal
    values is introsort's)."""
    if _scalar(x, out, indices):
        return
    if out.size == 0:
        return
    ax = sort_axis("mode", axis, x.ndim)
    order = stable_order(xp, x, ax, False)
    w = xp.moveaxis(xp.take_along_axis(_sortable(x), order, axis=ax), ax, -1)
    n = w.shape[-1]
    pos = xp.arange(n)
    # a run ends where the next sorted value differs (NaN differs from everything)
    ends = xp.ones(w.shape, bool)
    ends[..., :-1] = ~(w[..., :-1] == w[..., 1:])
    starts = xp.zeros(w.shape, np.int64)
    starts[..., 1:] = xp.where(ends[..., :-1], pos[1:], 0)
    counts = xp.where(ends, pos - xp.maximum.accumulate(starts, axis=-1) + 1, 0)
    # the first run (smallest value) of the largest count, at its last element
    best = xp.moveaxis(xp.argmax(counts, axis=-1)[..., None], -1, ax)
    _pick(xp, x, order, ax, best, out, indices)


def searchsorted_dims(seq_dims: Sequence[int], values_dims: Sequence[int]
                      ) -> tuple[int, ...]:
    """values' dims; the sequence is 1-D or shares values' leading dims."""
    if len(seq_dims) != 1 and tuple(seq_dims[:-1]) != tuple(values_dims[:-1]):
        raise ValueError(
            f"searchsorted: the dims of SortedSequence {list(seq_dims)} and Values "
            f"{list(values_dims)} do not match: SortedSequence must be 1-D or share the "
            "first N-1 dims of Values")
    return tuple(int(d) for d in values_dims)


def searchsorted(xp: Any, seq: Any, values: Any, right: bool, out: Any) -> None:
    """For each value, the insertion point in its row of `seq`: Paddle's binary search
    (cppreference's lower_bound / upper_bound with `<`, run as is on any sequence; an
    infinite or NaN value gives the row's length)."""
    n = int(seq.shape[-1]) if seq.ndim else 1
    rows = seq.reshape(-1, n) if seq.ndim > 1 else seq.reshape(1, n)
    vals = (values.reshape(rows.shape[0], values.shape[-1]) if seq.ndim > 1  # rows may be 0
            else values.reshape(1, -1))
    first = xp.zeros(vals.shape, np.int64)
    count = xp.full(vals.shape, n, np.int64)
    while n and bool(xp.any(count > 0)):
        step = count >> 1
        it = first + step
        probe = xp.take_along_axis(rows, xp.minimum(it, n - 1), axis=1)
        go_on = ~(vals < probe) if right else probe < vals
        live = count > 0
        first = xp.where(live & go_on, it + 1, first)
        count = xp.where(live, xp.where(go_on, count - step - 1, step), 0)
    if vals.dtype.kind == "f" or vals.dtype in HALF_DTYPES:
        first = xp.where(~xp.isfinite(vals.astype(np.float32) if vals.dtype in HALF_DTYPES
                                      else vals), n, first)
    out[...] = first.reshape(out.shape)


def topk_grad(xp: Any, indices: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    """x_grad: zeros with each out_grad element written at its index along `axis` (top-k
    indices are distinct, so nothing adds up)."""
    x_grad[...] = 0
    if out_grad.size:
        xp.put_along_axis(x_grad, indices.astype(xp.int64), out_grad, axis=axis)
