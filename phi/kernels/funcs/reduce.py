"""Reductions: sum, mean, max, min, prod (over a set of axes), argmax and argmin.

More reductions, shared by PHI and legacy kernels: logical all / any, logsumexp,
p-norms (amax / amin are `reduce.reduce_max` / `reduce_min`: Paddle's forward is the same)
and variance (the population variance, mean(|x - mean|^2), over `axis`; every axis when it
is empty; NaN over no elements).

Every function writes into a preallocated `out`; the semantics (NaN, infinities, empty
and 0-d inputs) are Paddle 3.3.1's CPU kernels', pinned by tests/fixtures/ops/reduce.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import HALF_DTYPES, compute_dtype, quiet


def reduce_axes(rank: int, axis: Sequence[int], reduce_all: bool) -> tuple[int, ...]:
    """Axes to reduce; everything when asked, when `axis` is empty, or when it names every axis."""
    if reduce_all or not axis or rank == 0:
        return tuple(range(rank))
    norm = []
    for a in axis:
        a = int(a)
        if not -rank <= a < rank:
            raise ValueError(f"reduce: axis {a} is out of range for a {rank}-D input")
        norm.append(a + rank if a < 0 else a)
    return tuple(sorted(set(norm)))


def reduce_dims(x_dims: Sequence[int], axis: Sequence[int], keep_dim: bool,
                reduce_all: bool) -> tuple[int, ...]:
    axes = set(reduce_axes(len(x_dims), axis, reduce_all))
    if keep_dim:
        return tuple(1 if i in axes else int(d) for i, d in enumerate(x_dims))
    return tuple(int(d) for i, d in enumerate(x_dims) if i not in axes)


def distinct_reduce_dims(op: str, x_dims: Sequence[int], axis: Sequence[int], keep_dim: bool,
                         reduce_all: bool) -> tuple[int, ...]:
    """reduce_dims, refusing an axis named twice (Paddle's reduce InferMeta does)."""
    rank = len(x_dims)
    named = [int(a) % rank for a in axis if -rank <= int(a) < rank]
    if len(set(named)) < len(named):
        raise ValueError(f"{op}: Axis contains duplicate dimensions: {[int(a) for a in axis]}")
    return reduce_dims(x_dims, axis, keep_dim, reduce_all)


def sum_out_dtype(x_dtype: DataType, dtype: DataType) -> DataType:
    """The requested dtype, else x's, except bool and int32 which sum into int64."""
    if dtype is not DataType.UNDEFINED:
        return dtype
    if x_dtype in (DataType.BOOL, DataType.INT32):
        return DataType.INT64
    return x_dtype


def reduce_sum(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = sum of x over `axes`, accumulated in out's type (float32 for half types, which
    round once at the end, as Paddle's CPU sum does; integers wrap)."""
    acc = compute_dtype(out.dtype)
    with quiet(xp):
        result = xp.sum(x.astype(acc, copy=False), axis=tuple(axes), dtype=acc)
    xp.copyto(out, result.reshape(out.shape), casting="unsafe")


def cast_like_cpu(xp: Any, values: Any, out: Any) -> None:
    """out = float `values` converted as Paddle's CPU cast does on x86: integers truncate
    toward zero, and NaN or a value out of the type's range becomes its smallest value
    (the "integer indefinite" of cvttss2si); bool is `value != 0` (NaN: True)."""
    kind = out.dtype.kind
    if kind not in "iub":
        xp.copyto(out, values.reshape(out.shape), casting="unsafe")
        return
    values = values.reshape(out.shape)
    if kind == "b":
        xp.not_equal(values, 0, out=out)
        return
    info = np.iinfo(out.dtype)
    with quiet(xp):
        bad = ~((values >= float(info.min)) & (values < -float(info.min)))
        xp.copyto(out, xp.where(bad, 0, xp.trunc(values)), casting="unsafe")
    out[bad] = info.min


def reduce_mean(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = mean of x over `axes`, as Paddle's CPU mean: floats in their own type (half
    types in float32); integers and bool as float32 means cast back (`cast_like_cpu`: bool
    is then a logical or); zero elements give NaN, so the smallest integer or True."""
    axes = tuple(axes)
    count = 1
    for a in axes:
        count *= int(x.shape[a])
    acc = np.dtype(np.float32) if x.dtype.kind in "iub" else compute_dtype(x.dtype)
    with quiet(xp):
        total = xp.sum(x.astype(acc, copy=False), axis=axes, dtype=acc)
        result = xp.asarray(total / acc.type(count)).astype(acc, copy=False)
    cast_like_cpu(xp, result, out)


def mean_all(xp: Any, x: Any, out: Any) -> None:
    """The legacy `mean` (PHI mean_all): `reduce_mean` over every axis into a 0-D out; an
    empty x gives NaN (complex: NaN + 0j, Paddle fills the output with NaN)."""
    if x.size == 0:
        out[...] = float("nan")
        return
    reduce_mean(xp, x, tuple(range(x.ndim)), out)


def mean_all_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """The legacy `mean`'s gradient (PHI mean_all_grad): out_grad / x's size everywhere;
    out_grad must hold one element."""
    if out_grad.size != 1:
        raise ValueError(f"mean_grad: Out@GRAD must hold one element (mean's output is a "
                         f"scalar), got dims {tuple(out_grad.shape)}")
    if x_grad.size:
        x_grad[...] = out_grad.reshape(()) / x_grad.dtype.type(x_grad.size)


def argmax_dims(x_dims: Sequence[int], axis: int, keepdims: bool, flatten: bool
                ) -> tuple[int, ...]:
    rank = len(x_dims)
    if flatten:
        return (1,) * rank if keepdims else ()
    if rank == 0:
        return ()
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"arg_max/arg_min: axis {axis} is out of range for a {rank}-D input")
    axis = axis + rank if axis < 0 else axis
    if keepdims:
        return tuple(1 if i == axis else int(d) for i, d in enumerate(x_dims))
    return tuple(int(d) for i, d in enumerate(x_dims) if i != axis)


def argmax_dtype(dtype: DataType) -> DataType:
    """int32 or int64 (the default, also meant by an unset / -1 dtype)."""
    if dtype in (DataType.UNDEFINED, DataType.INT64):
        return DataType.INT64
    if dtype is DataType.INT32:
        return DataType.INT32
    raise ValueError(f"arg_max/arg_min: dtype must be int32 or int64, got {dtype}")


def arg_extreme(xp: Any, x: Any, axis: int, flatten: bool, largest: bool, out: Any) -> None:
    """Index of the largest (or smallest) element along `axis` (over all elements when
    `flatten`), as Paddle's Eigen arg reducer: it starts from index 0 holding the type's
    lowest (highest) value and takes an element only if it is strictly beyond, or equal
    with a lower index; so ties give the lowest index, NaN never wins, and a row with
    nothing beyond the start value (all NaN, or every number at the limit) gives 0."""
    w = x.reshape(-1) if flatten or x.ndim == 0 else x
    ax = 0 if flatten or x.ndim == 0 else int(axis) % x.ndim
    if w.shape[ax] == 0:
        return
    w = w.astype(np.float32) if w.dtype in HALF_DTYPES else w
    info = np.finfo(w.dtype) if w.dtype.kind == "f" else np.iinfo(w.dtype)
    start = info.min if largest else info.max
    if w.dtype.kind == "f":
        w = xp.where(xp.isnan(w), w.dtype.type(start), w)
    found = xp.argmax(w, axis=ax) if largest else xp.argmin(w, axis=ax)
    value = xp.take_along_axis(w, xp.expand_dims(found, ax), axis=ax).squeeze(ax)
    found = xp.where(value == start, 0, found)
    out[...] = xp.asarray(found).astype(out.dtype).reshape(out.shape)


def argmax(xp: Any, x: Any, axis: int, flatten: bool, out: Any) -> None:
    """`arg_extreme` of the largest element."""
    arg_extreme(xp, x, axis, flatten, True, out)


def argmin(xp: Any, x: Any, axis: int, flatten: bool, out: Any) -> None:
    """`arg_extreme` of the smallest element."""
    arg_extreme(xp, x, axis, flatten, False, out)


# -- max / min / prod (math family) ----------------------------------------------------------


def _check_not_empty(name: str, x: Any, axes: Sequence[int]) -> None:
    for a in axes:
        if int(x.shape[a]) == 0:
            raise ValueError(f"{name}: cannot reduce along axis {a}, which has size 0 "
                             f"(X's dims {list(x.shape)}): the result has no identity")


def _last_zero_sign(xp: Any, x: Any, axes: Sequence[int], extreme: Any) -> Any:
    """`extreme` (x's max or min over `axes`) where the extreme is a zero tied between +0.0
    and -0.0 takes the sign of the last of those zeros in the reduced elements' row-major
    order, as Paddle's sequential CPU reduction does. NumPy's choice among tied zeros follows
    its SIMD path, so differs between CPUs (AVX-512 vs SSE)."""
    if x.dtype.kind != "f" and x.dtype not in HALF_DTYPES:
        return extreme
    zero = extreme == 0
    if not bool(xp.any(zero)):
        return extreme
    axes = tuple(axes)
    kept = [a for a in range(x.ndim) if a not in axes]
    rows = xp.transpose(x, (*kept, *axes)).reshape(*extreme.shape, -1)
    last = rows.shape[-1] - 1 - xp.argmax((rows == 0)[..., ::-1], axis=-1)
    value = xp.take_along_axis(rows, xp.expand_dims(last, -1), axis=-1)[..., 0]
    return xp.where(zero, value, extreme)


def reduce_max(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = max of x over `axes` (NaN wins, as Paddle's max; of tied zeros the last, see
    `_last_zero_sign`); an error over zero elements."""
    _check_not_empty("max", x, axes)
    extreme = xp.max(x, axis=tuple(axes))
    out[...] = _last_zero_sign(xp, x, axes, extreme).reshape(out.shape)


def reduce_min(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = min of x over `axes` (NaN wins, as Paddle's min; of tied zeros the last, see
    `_last_zero_sign`); an error over zero elements."""
    _check_not_empty("min", x, axes)
    extreme = xp.min(x, axis=tuple(axes))
    out[...] = _last_zero_sign(xp, x, axes, extreme).reshape(out.shape)


def reduce_prod(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = product of x over `axes`, in x's type (integers wrap; half types in float32)."""
    acc = compute_dtype(x.dtype)
    with quiet(xp):
        result = xp.prod(x.astype(acc, copy=False), axis=tuple(axes), dtype=acc)
    xp.copyto(out, result.reshape(out.shape), casting="unsafe")


def reduce_mean_grad(xp: Any, x: Any, out_grad: Any, axes: Sequence[int], x_grad: Any) -> None:
    """x_grad = out_grad / (elements averaged), broadcast back over the reduced axes."""
    count = 1
    for a in axes:
        count *= int(x.shape[a])
    kept = tuple(1 if i in set(axes) else int(d) for i, d in enumerate(x.shape))
    g = out_grad.reshape(kept) / x_grad.dtype.type(max(count, 1))
    x_grad[...] = xp.broadcast_to(g, x.shape)


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
