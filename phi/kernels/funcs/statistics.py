"""Statistics math shared by the PHI and legacy kernels: std, var, median, nanmedian,
cummax / cummin, nansum, reduce_as, segment_pool. Functions of `xp` (NumPy or CuPy)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.reduce import reduce_axes, reduce_dims, reduce_sum


def moment_dims(x_dims: Sequence[int], axis: Sequence[int], keepdim: bool
                ) -> tuple[int, ...]:
    """std / var: x's dims without the reduced axes (1s with keepdim); no axis: all."""
    return reduce_dims(x_dims, axis, keepdim, not axis)


def variance(xp: Any, x: Any, axis: Sequence[int], correction: float, out: Any,
             root: bool = False) -> None:
    """out = sum((x - mean)^2) / (N - correction) over `axis` (all when empty), its square
    root with `root` (std). Paddle's kernels ignore `unbiased`: `correction` alone decides
    (N - correction = 0 gives inf, or NaN for no spread; no elements give NaN)."""
    axes = reduce_axes(x.ndim, axis, not axis)
    count = 1
    for a in axes:
        count *= x.shape[a]
    if count == 0:  # Paddle's mean of nothing is NaN, and so is every moment
        out.fill(float("nan"))
        return
    with quiet(xp):
        dev = x - xp.mean(x, axis=axes, keepdims=True)
        total = xp.sum(dev * dev, axis=axes).reshape(out.shape)
        xp.divide(total, x.dtype.type(count - correction), out=out)
        if root:
            xp.sqrt(out, out=out)


# -- median ----------------------------------------------------------------------------------

MEDIAN_MODES = ("avg", "min")


def median_dims(x_dims: Sequence[int], axis: Sequence[int], keepdim: bool, mode: str,
                op: str = "median") -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(out's dims, medians' dims): medians holds the two middle elements' indices (avg) or
    the lower one's (min), within the reduced axes flattened in order."""
    if mode not in MEDIAN_MODES:
        raise ValueError(f"{op}: mode {mode!r} is not one of {list(MEDIAN_MODES)}")
    dims = reduce_dims(x_dims, axis, keepdim, not axis)
    return dims, (*dims, 2) if mode == "avg" else dims


def median(xp: Any, x: Any, axis: Sequence[int], mode: str, out: Any, medians: Any) -> None:
    """The median over `axis` (all when empty): the mean of the two middle elements (avg;
    integers truncate toward zero) or the lower one (min); a row holding NaN gives NaN and
    the first NaN's index."""
    rows = _median_rows(xp, x, axis)
    count = rows.shape[1]
    if count == 0:
        raise ValueError(f"median: no elements to take the median of (x's dims {list(x.shape)}, "
                         f"axis {list(axis)})")
    order = xp.argsort(rows, axis=1, kind="stable")  # NaN sorts last
    ranked = xp.take_along_axis(rows, order, axis=1)
    low, high = (count - 1) // 2, count // 2
    if mode == "avg":
        a, b = ranked[:, low], ranked[:, high]
        if rows.dtype.kind in "iu":
            value = _divided(a + b, 2)
        else:
            value = (a + b) / rows.dtype.type(2)
        index = xp.stack([order[:, low], order[:, high]], axis=-1)
    else:
        value, index = ranked[:, low], order[:, low]
    if rows.dtype.kind in "fc":
        nan = xp.isnan(rows)
        bad = nan.any(axis=1)
        value = xp.where(bad, rows.dtype.type("nan"), value)
        first = xp.argmax(nan, axis=1)
        index = xp.where(bad[:, None] if index.ndim == 2 else bad,
                         first[:, None] if index.ndim == 2 else first, index)
    out[...] = value.reshape(out.shape)
    medians[...] = index.reshape(medians.shape)


def _median_rows(xp: Any, x: Any, axis: Sequence[int]) -> Any:
    """x as a 2-D array: one row per output element, the reduced axes (ascending) flattened."""
    axes = reduce_axes(x.ndim, axis, not axis)
    kept = [a for a in range(x.ndim) if a not in axes]
    count = int(np.prod([x.shape[a] for a in axes], dtype=np.int64))
    rows = int(np.prod([x.shape[a] for a in kept], dtype=np.int64))
    return xp.transpose(x, (*kept, *axes)).reshape(rows, count)


def nanmedian(xp: Any, x: Any, axis: Sequence[int], mode: str, out: Any,
              medians: Any | None) -> None:
    """The median over `axis` (all when empty) of the values that are not NaN: the mean of
    the two middle ones (avg; integers truncate toward zero) or the lower one (min), and
    their indices within the reduced axes (equal for an odd count). A row of NaN only, or
    no elements, gives NaN (integers: their smallest value) and index -1 (no elements: 0)."""
    rows = _median_rows(xp, x, axis)
    count = rows.shape[1]
    if count == 0:  # NaN, which Paddle's integer kernels cast to the type's smallest value
        out.fill(float("nan") if out.dtype.kind in "fc" else np.iinfo(out.dtype).min)
        if medians is not None:
            medians.fill(0)
        return
    nan = xp.isnan(rows) if rows.dtype.kind in "fc" else xp.zeros(rows.shape, dtype=bool)
    valid = count - nan.sum(axis=1)
    order = xp.argsort(rows, axis=1, kind="stable")  # NaN sorts last
    low = xp.maximum(valid - 1, 0) // 2
    high = xp.maximum(valid, 1) // 2 if mode == "avg" else low
    pick = xp.stack([low, high], axis=1)
    index = xp.take_along_axis(order, pick, axis=1)
    a, b = (xp.take_along_axis(rows, index[:, i:i + 1], axis=1)[:, 0] for i in (0, 1))
    if mode == "min":
        value = a
    elif rows.dtype.kind in "iu":
        value = _divided(a + b, 2)
    else:
        value = (a + b) / rows.dtype.type(2)
    empty = valid == 0
    if empty.any():
        value = xp.where(empty, rows.dtype.type("nan"), value)
        index = xp.where(empty[:, None], -1, index)
    out[...] = value.reshape(out.shape)
    if medians is not None:
        medians[...] = (index if mode == "avg" else index[:, 0]).reshape(medians.shape)



def nanmedian_grad(xp: Any, x: Any, medians: Any, out_grad: Any, axis: Sequence[int],
                   mode: str, x_grad: Any, op: str = "nanmedian_grad") -> None:
    """x_grad: zero but at each output's median element(s) `medians` (indices within the
    reduced axes, as nanmedian writes them): out_grad there (min, or avg with both indices
    equal), else out_grad / 2 at each of the two (integers truncate toward zero); a row of
    NaN only (index -1) gets out_grad / its length at every element (avg) or nothing (min),
    as Paddle 3.3.1 (median_grad is this too, `op` naming it in errors)."""
    if mode not in MEDIAN_MODES:
        raise ValueError(f"{op}: mode {mode!r} is not one of {list(MEDIAN_MODES)}")
    axes = reduce_axes(x.ndim, axis, not axis)
    kept = [a for a in range(x.ndim) if a not in axes]
    rows = _median_rows(xp, x, axis)
    # medians may be a host array (the legacy op reads them unmoved): on x's device first
    index = xp.asarray(medians).reshape(rows.shape[0], -1 if mode == "avg" else 1)
    if index.shape[1] != (2 if mode == "avg" else 1):
        raise ValueError(f"{op}: the median indices have dims {list(medians.shape)}, "
                         f"expected {rows.shape[0]} row(s) of {2 if mode == 'avg' else 1}")
    grad = out_grad.reshape(rows.shape[0])
    low, high = index[:, 0], index[:, -1]
    share = xp.where(low == high, grad, _divided(grad, 2))
    flat = xp.zeros(rows.shape, x_grad.dtype)
    if mode == "avg" and rows.shape[1]:  # a row of NaN only: an equal share for each
        flat[...] = xp.where((low < 0)[:, None], _divided(grad, rows.shape[1])[:, None], 0)
    hit = xp.nonzero(low >= 0)[0] if rows.shape[1] else xp.zeros(0, np.int64)  # no elements
    flat[hit, low[hit]] = share[hit]
    flat[hit, high[hit]] = share[hit]
    inverse = tuple(int(a) for a in np.argsort([*kept, *axes]))
    shape = [x.shape[a] for a in (*kept, *axes)]
    x_grad[...] = xp.transpose(flat.reshape(shape), inverse)

def _divided(values: Any, count: int) -> Any:
    """values / count in their own type (integers truncate toward zero, as C)."""
    if values.dtype.kind not in "iu":
        return values / values.dtype.type(count)
    return values // count + ((values < 0) & (values % count != 0))


# -- cummax / cummin -------------------------------------------------------------------------


def cum_axis(op: str, rank: int, axis: int) -> int:
    if not -max(rank, 1) <= axis < max(rank, 1):
        raise ValueError(f"{op}: axis {axis} is out of range for a {rank}-D x")
    return axis % max(rank, 1)


def cum_extremum(xp: Any, x: Any, axis: int, largest: bool, out: Any, indices: Any) -> None:
    """Running max (cummax) or min along `axis`, and where it was taken: an element at
    least as large (small) as every one before it takes over, so ties keep the latest
    index; a NaN takes over and holds until the next NaN."""
    if x.ndim == 0:
        out[...] = x
        indices[...] = 0
        return
    axis = cum_axis("cummax" if largest else "cummin", x.ndim, axis)
    moved = xp.moveaxis(x, axis, -1)
    accumulate = xp.maximum.accumulate if largest else xp.minimum.accumulate
    running = accumulate(moved, axis=-1)
    record = moved == running
    if moved.dtype.kind in "fc":
        record |= xp.isnan(moved)
    positions = xp.arange(moved.shape[-1], dtype=xp.int64)
    where = xp.maximum.accumulate(xp.where(record, positions, -1), axis=-1)
    out[...] = xp.moveaxis(xp.take_along_axis(moved, where, axis=-1), -1, axis)
    indices[...] = xp.moveaxis(where, -1, axis)


# -- nansum ----------------------------------------------------------------------------------


def nansum(xp: Any, x: Any, axis: Sequence[int], out: Any) -> None:
    """The sum over `axis` (all when empty) with NaN counted as +0 (a complex element with
    a NaN part too), in out's type (reduce_sum's accumulation)."""
    if x.dtype.kind not in "biu":
        x = xp.where(xp.isnan(x), x.dtype.type(0), x)
    reduce_sum(xp, x, reduce_axes(x.ndim, axis, not axis), out)


# -- reduce_as -------------------------------------------------------------------------------


def reduce_as_axes(x_dims: Sequence[int], target_dims: Sequence[int]) -> tuple[int, ...]:
    """The axes of x summed to reach target's dims: x's extra leading ones, and those where
    target has 1 (target lines up with x's trailing dims, as in broadcasting)."""
    lead = len(x_dims) - len(target_dims)
    if lead < 0 or any(t not in (1, x) for t, x in zip(target_dims, x_dims[lead:])):
        raise ValueError(f"reduce_as: x's dims {list(x_dims)} do not broadcast from target's "
                         f"{list(target_dims)}")
    return (*range(lead), *(lead + i for i, (t, x) in enumerate(zip(target_dims,
                                                                       x_dims[lead:]))
                            if t == 1 and x != 1))


def reduce_as(xp: Any, x: Any, target_dims: Sequence[int], out: Any) -> None:
    """out (target's dims) = x summed over reduce_as_axes, in out's type (sum's)."""
    reduce_sum(xp, x, reduce_as_axes(x.shape, target_dims), out)


# -- segment_pool ----------------------------------------------------------------------------

SEGMENT_POOLTYPES = ("SUM", "MEAN", "MAX", "MIN")


def check_segment_ids(ids: Any, rows: int) -> None:
    """SegmentIds: one non-negative id per row of X, sorted ascending."""
    if ids.ndim != 1 or ids.shape[0] != rows:
        raise ValueError(f"segment_pool: SegmentIds must be 1-D with one id per row of X "
                         f"({rows}), got dims {list(ids.shape)}")
    if rows and int(ids[0]) < 0:
        raise ValueError(f"segment_pool: segment ids must be >= 0, got {int(ids[0])}")
    down = np.flatnonzero(ids[1:] < ids[:-1])
    if down.size:
        i = int(down[0])
        raise ValueError(f"segment_pool: The segment ids should be sorted, but got "
                         f"segment_ids[{i}]:{int(ids[i])} > segment_ids[{i + 1}]:"
                         f"{int(ids[i + 1])}")


def segment_pool(xp: Any, x: Any, ids: Any, pooltype: str, out: Any, summed: Any) -> None:
    """Pool the rows of x by their (sorted) segment id into out[id]: SUM, MEAN (integers
    truncate toward zero), MAX or MIN; a segment without rows gives 0. MAX / MIN keep the
    later element unless the running value beats it strictly, so a NaN displaces the
    running value and is displaced by the next element: only the elements after a
    segment's last NaN count, and a NaN last in its segment is the result. summed[id] is
    the segment's row count."""
    if pooltype not in SEGMENT_POOLTYPES:
        raise ValueError(f"segment_pool: pooltype {pooltype!r} is not one of "
                         f"{list(SEGMENT_POOLTYPES)}")
    out[...] = 0
    summed[...] = 0
    if x.shape[0] == 0:
        return
    ids = xp.asarray(ids).astype(xp.int64)
    starts = xp.flatnonzero(xp.concatenate([xp.ones(1, bool), ids[1:] != ids[:-1]]))
    present = ids[starts]
    counts = xp.diff(xp.concatenate([starts, xp.asarray([x.shape[0]])]))
    summed[present] = counts.reshape(-1, 1).astype(summed.dtype)
    with quiet(xp):
        if pooltype in ("SUM", "MEAN"):
            acc = compute_dtype(x.dtype)
            total = xp.add.reduceat(x.astype(acc), starts, axis=0)
            if pooltype == "MEAN":
                shape = (-1,) + (1,) * (x.ndim - 1)
                if x.dtype.kind in "iu":  # C's division: toward zero
                    n = counts.reshape(shape)
                    total = total // n + ((total % n != 0) & (total < 0))
                else:
                    total = total / counts.reshape(shape).astype(acc)
            out[present] = total.astype(out.dtype)
            return
        largest = pooltype == "MAX"
        reduce = xp.maximum if largest else xp.minimum
        if x.dtype.kind != "f":
            out[present] = reduce.reduceat(x, starts, axis=0)
            return
        shape = (-1,) + (1,) * (x.ndim - 1)
        rows = xp.arange(x.shape[0]).reshape(shape)
        last_nan = xp.maximum.reduceat(xp.where(xp.isnan(x), rows, -1), starts, axis=0)
        segment = xp.cumsum(xp.concatenate([xp.zeros(1, xp.int64),
                                            (ids[1:] != ids[:-1]).astype(xp.int64)]))
        floor = x.dtype.type("-inf" if largest else "inf")
        pooled = reduce.reduceat(xp.where(rows <= last_nan[segment], floor, x), starts, axis=0)
        nan_last = last_nan == (starts + counts - 1).reshape(shape)
        out[present] = xp.where(nan_last, x.dtype.type("nan"), pooled)


def segment_pool_dims(x_dims: Sequence[int], ids: Any | None
                      ) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(Out's dims, SummedIds' dims): one row per segment id up to the last one (-1 while
    the ids are not known)."""
    segments = -1 if ids is None else (int(ids[-1]) + 1 if len(ids) else 0)
    return (segments, *x_dims[1:]), (segments, 1)
