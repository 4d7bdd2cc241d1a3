"""unique and unique_consecutive, shared by PHI and legacy kernels: outputs whose dims
depend on the data (each kernel sizes them itself).

Semantics are Paddle 3.3.1's CPU kernels' (tests/fixtures/ops/unique):

- unique, sorted (`is_sorted`): the distinct values of the flattened x in ascending order
  (or the distinct slices along `axis`, in lexicographic order), each represented by its
  first occurrence (so -0.0 if it came first); Indices = first occurrences, Index = the
  inverse, Counts. A NaN is distinct from everything (NaNs sort last, in order); Paddle
  reports count 0 and first index 0 for each, and leaves the inverse of a NaN
  uninitialized (fluidphi: its own slot);
- unique, unsorted (fluid's old kernel; 0-d or 1-D x): distinct values in order of first
  appearance and Index, the inverse;
- unique_consecutive: each run of equal consecutive values (slices along `axis`)
  collapsed, with Index (the inverse) and Counts.

Index outputs take `dtype`, int32 or int64 (anything else is refused, as by Paddle).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from phi.common import DataType

#: An output whose size the data decides (as Paddle's InferMeta says: -1).
UNKNOWN = -1


def index_dtype(op: str, dtype: DataType) -> DataType:
    """The index outputs' dtype: int32 or int64."""
    if dtype in (DataType.INT32, DataType.INT64):
        return dtype
    raise ValueError(f"{op}: dtype {dtype} is not supported as the index data type "
                     "(int32 or int64)")


def unique_axis(op: str, axis: Sequence[int], rank: int) -> int | None:
    """The axis slices are compared along (None: the flattened tensor)."""
    if not axis:
        return None
    a = int(axis[0])
    if not -max(rank, 1) <= a < max(rank, 1):
        raise ValueError(f"{op}: axis {a} is out of range for a {rank}-D X")
    return a % max(rank, 1)


@dataclass(frozen=True)
class UniqueDims:
    """Each output's dims (UNKNOWN where the data decides), None where not written."""

    out: tuple[int, ...]
    indices: tuple[int, ...] | None
    index: tuple[int, ...] | None
    counts: tuple[int, ...] | None


def unique_dims(x_dims: Sequence[int], return_index: bool, return_inverse: bool,
                return_counts: bool, axis: Sequence[int], is_sorted: bool) -> UniqueDims:
    """What unique writes, with the dims known before it runs."""
    x_dims = tuple(int(d) for d in x_dims)
    if not is_sorted:
        if len(x_dims) > 1:
            raise ValueError(f"unique: without is_sorted X must be 0-D or 1-D, got dims "
                             f"{list(x_dims)}")
        return UniqueDims((UNKNOWN,), None, x_dims, None)
    ax = unique_axis("unique", axis, len(x_dims))
    if ax is None:
        out, n = (UNKNOWN,), int(np.prod(x_dims, dtype=np.int64))
    else:
        out, n = tuple(UNKNOWN if i == ax else d for i, d in enumerate(x_dims)), x_dims[ax]
    return UniqueDims(out, (UNKNOWN,) if return_index else None,
                      (n,) if return_inverse else None, (UNKNOWN,) if return_counts else None)


def consecutive_dims(x_dims: Sequence[int], return_inverse: bool, return_counts: bool,
                     axis: Sequence[int]) -> UniqueDims:
    """What unique_consecutive writes, with the dims known before it runs."""
    x_dims = tuple(int(d) for d in x_dims)
    ax = unique_axis("unique_consecutive", axis, len(x_dims))
    if ax is None:
        out, n = (UNKNOWN,), int(np.prod(x_dims, dtype=np.int64))
    else:
        out, n = tuple(UNKNOWN if i == ax else d for i, d in enumerate(x_dims)), x_dims[ax]
    return UniqueDims(out, None, (n,) if return_inverse else None,
                      (UNKNOWN,) if return_counts else None)


@dataclass(frozen=True)
class Groups:
    """The distinct slices of `rows` (n, m): `first[g]` is group g's first row, `inverse[i]`
    row i's group, `counts[g]` its size."""

    first: Any
    inverse: Any
    counts: Any


def _differs(xp: Any, a: Any, b: Any) -> Any:
    """Row-wise: some element differs (NaN differs from everything, -0.0 == 0.0)."""
    return xp.any(~(a == b), axis=1)


def _groups(xp: Any, rows: Any, order: Any) -> Groups:
    """Groups of equal neighbours in `rows` taken in `order`."""
    n = rows.shape[0]
    srt = rows[order]
    new = xp.ones(n, bool)
    new[1:] = _differs(xp, srt[1:], srt[:-1])
    starts = xp.flatnonzero(new)
    group_sorted = xp.cumsum(new) - 1
    inverse = xp.empty(n, np.int64)
    inverse[order] = group_sorted
    counts = xp.diff(xp.concatenate([starts, xp.asarray([n])]))
    return Groups(order[starts], inverse, counts)


def _as_rows(xp: Any, x: Any, ax: int | None) -> Any:
    """x as (n, m): the flattened elements, or the slices along `ax`."""
    if ax is None:
        return x.reshape(-1, 1)
    m = int(np.prod([d for i, d in enumerate(x.shape) if i != ax], dtype=np.int64))
    return xp.moveaxis(x, ax, 0).reshape(x.shape[ax], m)


def _lex_order(xp: Any, rows: Any) -> Any:
    """Stable lexicographic order of the rows (first column first; NaN last)."""
    if rows.shape[1] == 0:
        return xp.arange(rows.shape[0], dtype=np.int64)
    return xp.lexsort(rows.T[::-1]).astype(np.int64)


def _from_rows(xp: Any, x: Any, ax: int | None, keep: Any) -> Any:
    """The slices `keep` (indices along ax) of x, in that order (flattened: 1-D)."""
    if ax is None:
        return x.reshape(-1)[keep]
    return xp.take(x, keep, axis=ax)


@dataclass(frozen=True)
class UniqueResult:
    out: Any
    indices: Any
    index: Any
    counts: Any


def unique(xp: Any, x: Any, axis: Sequence[int], is_sorted: bool) -> UniqueResult:
    """Paddle's unique (see the module doc); index arrays are int64."""
    if not is_sorted:
        rows = x.reshape(-1, 1)
        g = _groups(xp, rows, _lex_order(xp, rows))
        appearance = xp.argsort(g.first, kind="stable")
        rank = xp.empty_like(appearance)
        rank[appearance] = xp.arange(appearance.size)
        index = rank[g.inverse].reshape(x.shape)
        return UniqueResult(x.reshape(-1)[g.first[appearance]], None, index, None)
    ax = unique_axis("unique", axis, x.ndim)
    rows = _as_rows(xp, x, ax)
    g = _groups(xp, rows, _lex_order(xp, rows))
    out = _from_rows(xp, x, ax, g.first)
    indices, counts = g.first, g.counts
    if ax is None and x.dtype.kind == "f":  # Paddle: a NaN's count is 0 and its index 0
        nan = xp.isnan(out)
        indices = xp.where(nan, 0, indices)
        counts = xp.where(nan, 0, counts)
    return UniqueResult(out, indices, g.inverse, counts)


def unique_consecutive(xp: Any, x: Any, axis: Sequence[int]) -> UniqueResult:
    """Paddle's unique_consecutive (see the module doc); index arrays are int64."""
    ax = unique_axis("unique_consecutive", axis, x.ndim)
    rows = _as_rows(xp, x, ax)
    g = _groups(xp, rows, xp.arange(rows.shape[0], dtype=np.int64))
    return UniqueResult(_from_rows(xp, x, ax, g.first), None, g.inverse, g.counts)
