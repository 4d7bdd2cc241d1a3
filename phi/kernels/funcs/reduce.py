"""Reductions: sum, mean (over a set of axes) and argmax."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.common import DataType


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


def sum_out_dtype(x_dtype: DataType, dtype: DataType) -> DataType:
    """The requested dtype, else x's, except bool and int32 which sum into int64."""
    if dtype is not DataType.UNDEFINED:
        return dtype
    if x_dtype in (DataType.BOOL, DataType.INT32):
        return DataType.INT64
    return x_dtype


def _accumulator(dtype: Any) -> Any:
    """Half types accumulate in float32."""
    return np.dtype(np.float32) if dtype.kind == "f" and dtype.itemsize < 4 else dtype


def reduce_sum(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = sum of x over `axes`, accumulated in out's type (float32 for half types)."""
    acc = _accumulator(out.dtype)
    out[...] = xp.sum(x.astype(acc, copy=False), axis=tuple(axes)).reshape(out.shape)


def reduce_mean(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = mean of x over `axes`; integer means truncate toward zero, like C++ division."""
    count = 1
    for a in axes:
        count *= int(x.shape[a])
    acc = _accumulator(x.dtype)
    axes = tuple(axes)
    if acc.kind in "iub":
        total = xp.sum(x, axis=axes, dtype=np.int64 if acc.kind in "ib" else np.uint64)
        quotient = xp.abs(total) // max(count, 1)
        result = xp.where(total < 0, -quotient, quotient)
    else:
        result = xp.mean(x.astype(acc, copy=False), axis=axes, dtype=acc)
    out[...] = result.reshape(out.shape)


def argmax_dims(x_dims: Sequence[int], axis: int, keepdims: bool, flatten: bool
                ) -> tuple[int, ...]:
    rank = len(x_dims)
    if flatten:
        return (1,) * rank if keepdims else ()
    if rank == 0:
        return ()
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"argmax: axis {axis} is out of range for a {rank}-D input")
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
    raise ValueError(f"argmax: dtype must be int32 or int64, got {dtype}")


def argmax(xp: Any, x: Any, axis: int, flatten: bool, out: Any) -> None:
    """Index of the first maximum along `axis` (or over all elements when `flatten`)."""
    if flatten or x.ndim == 0:
        result = xp.argmax(x.reshape(-1))
    else:
        result = xp.argmax(x, axis=int(axis) + x.ndim if int(axis) < 0 else int(axis))
    out[...] = xp.asarray(result).astype(out.dtype).reshape(out.shape)


# -- max / min / prod (math family) ----------------------------------------------------------


def reduce_max(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = max of x over `axes` (NaN wins, as Paddle's max)."""
    out[...] = xp.max(x, axis=tuple(axes)).reshape(out.shape)


def reduce_min(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = min of x over `axes` (NaN wins, as Paddle's min)."""
    out[...] = xp.min(x, axis=tuple(axes)).reshape(out.shape)


def reduce_prod(xp: Any, x: Any, axes: Sequence[int], out: Any) -> None:
    """out = product of x over `axes`, in x's type (integers wrap; half types in float32)."""
    acc = _accumulator(x.dtype)
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

