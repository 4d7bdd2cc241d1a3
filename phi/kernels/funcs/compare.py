"""Comparisons (equal, not_equal, less_than, ...), logical and/or/not and where; shared by
PHI and legacy kernels.

Binary comparisons broadcast like the element-wise ops (fluid's `axis` alignment,
`phi.kernels.funcs.elementwise.aligned_shapes`) and write bool. Equality is exact
(NaN != NaN), as in Paddle 3.x. Logical ops read any nonzero value as true.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs.common import HALF_DTYPES, quiet
from phi.kernels.funcs.elementwise import aligned_shapes

#: the dtypes Paddle 3.3.1 registers the ops for, legacy and PHI kernels alike:
#: less_than / less_equal / greater_than / greater_equal (ORDER_*), equal / not_equal
#: (EQUALITY_*), logical_and / or / xor / not (LOGICAL_*)
ORDER_CPU = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
             DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
             DataType.FLOAT64)
ORDER_GPU = (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
             DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64)
EQUALITY_CPU = (*ORDER_CPU, DataType.COMPLEX64, DataType.COMPLEX128)
EQUALITY_GPU = (*ORDER_GPU, DataType.COMPLEX64, DataType.COMPLEX128)
LOGICAL_CPU = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
               DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128)
LOGICAL_GPU = (DataType.BOOL, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64,
               DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64,
               DataType.COMPLEX128)


def _views(x: Any, y: Any, axis: int) -> tuple[Any, Any]:
    xs, ys, _ = aligned_shapes(x.shape, y.shape, axis)
    if np.dtype(x.dtype) in HALF_DTYPES:  # compare the exact float32 values
        x, y = x.astype(np.float32), y.astype(np.float32)
    return x.reshape(xs), y.reshape(ys)


def _compare(ufunc_name: str) -> Callable[[Any, Any, Any, int, Any], None]:
    def compare(xp: Any, x: Any, y: Any, axis: int, out: Any) -> None:
        a, b = _views(x, y, axis)
        with quiet(xp):
            getattr(xp, ufunc_name)(a, b, out=out)

    compare.__name__ = ufunc_name
    compare.__doc__ = f"out = x {ufunc_name} y, bool, broadcast at `axis`."
    return compare


equal = _compare("equal")
not_equal = _compare("not_equal")
less_than = _compare("less")
less_equal = _compare("less_equal")
greater_than = _compare("greater")
greater_equal = _compare("greater_equal")

#: PHI kernel base name -> comparison.
COMPARE_OPS: dict[str, Callable[[Any, Any, Any, int, Any], None]] = {
    "equal": equal,
    "not_equal": not_equal,
    "less_than": less_than,
    "less_equal": less_equal,
    "greater_than": greater_than,
    "greater_equal": greater_equal,
}


def _truth(xp: Any, x: Any) -> Any:
    return x if x.dtype == np.bool_ else x != 0


def logical_and(xp: Any, x: Any, y: Any, out: Any) -> None:
    a, b = _views(x, y, -1)
    xp.logical_and(_truth(xp, a), _truth(xp, b), out=out)


def logical_or(xp: Any, x: Any, y: Any, out: Any) -> None:
    a, b = _views(x, y, -1)
    xp.logical_or(_truth(xp, a), _truth(xp, b), out=out)


def logical_xor(xp: Any, x: Any, y: Any, out: Any) -> None:
    a, b = _views(x, y, -1)
    xp.logical_xor(_truth(xp, a), _truth(xp, b), out=out)


def logical_not(xp: Any, x: Any, out: Any) -> None:
    xp.logical_not(_truth(xp, x), out=out)


def where_dims(condition_dims: Sequence[int], x_dims: Sequence[int],
               y_dims: Sequence[int]) -> tuple[int, ...]:
    """out's dims: X's. Condition, X and Y must have equal dims, as Paddle 3.3.1's where
    requires (its kernel does not broadcast; `paddle.where` broadcasts in Python before
    calling it); a dim not known yet (negative) matches any."""
    for (name, dims), (other, other_dims) in ((("Condition", condition_dims), ("X", x_dims)),
                                              (("X", x_dims), ("Y", y_dims))):
        if len(dims) != len(other_dims) or any(
                a != b and a >= 0 and b >= 0 for a, b in zip(dims, other_dims)):
            raise ValueError(
                f"where: {name} {list(dims)} and {other} {list(other_dims)} must have the same "
                "dims (Paddle's where op does not broadcast: expand them first)")
    return tuple(int(d) for d in x_dims)


def where(xp: Any, condition: Any, x: Any, y: Any, out: Any) -> None:
    """out = x where condition is true, else y (equal dims: where_dims)."""
    where_dims(condition.shape, x.shape, y.shape)
    xp.copyto(out, xp.where(_truth(xp, condition), x, y), casting="unsafe")


# -- allclose / isclose / equal_all ------------------------------------------------------------


def check_close_dims(op: str, x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """allclose / isclose: Input and Other have equal dims (no broadcasting)."""
    if tuple(x_dims) != tuple(y_dims):
        raise ValueError(f"{op}: Input's dims {list(x_dims)} must equal Other's "
                         f"{list(y_dims)}")
    return tuple(x_dims)


def check_tolerance_dtype(op: str, name: str, dtype: Any) -> None:
    """isclose reads a fed Rtol / Atol only as float64 (allclose takes float32 too)."""
    if np.dtype(dtype) != np.float64:
        raise ValueError(f"{op}: Input({name}) type must be double, got {np.dtype(dtype)}")


def close(xp: Any, x: Any, y: Any, rtol: float, atol: float, equal_nan: bool) -> Any:
    """Per element: |x - y| <= atol + rtol * |y| in x's type (the bound computed in double,
    then rounded to it), or x == y, or the two sides within 1e-15 of each other (Paddle's
    slack); integers and bool compare in float64. A NaN is close to a NaN only with
    equal_nan, except in complex pairs, where Paddle's CPU kernel leaves a NaN pair True."""
    if x.dtype.kind in "biu":
        x, y = x.astype(np.float64), y.astype(np.float64)
    real = np.dtype(x.dtype.char.lower()) if x.dtype.kind == "c" else x.dtype
    with quiet(xp):
        left = xp.abs(x - y)
        right = (atol + rtol * xp.abs(y).astype(np.float64)).astype(real)
        slack = xp.abs(left - right).astype(np.float64) <= 1e-15
        result = (x == y) | (left <= right) | slack
        nan_x, nan_y = xp.isnan(x), xp.isnan(y)
    either = nan_x | nan_y
    if x.dtype.kind == "c":
        return result | either
    return xp.where(either, equal_nan & (nan_x == nan_y), result)


def isclose(xp: Any, x: Any, y: Any, rtol: float, atol: float, equal_nan: bool,
            out: Any) -> None:
    out[...] = close(xp, x, y, rtol, atol, equal_nan)


def allclose(xp: Any, x: Any, y: Any, rtol: float, atol: float, equal_nan: bool,
             out: Any) -> None:
    out[...] = bool(close(xp, x, y, rtol, atol, equal_nan).all())


def equal_all(xp: Any, x: Any, y: Any, out: Any) -> None:
    """Whether X and Y have the same dims and equal elements (NaN equals nothing)."""
    out[...] = x.shape == y.shape and bool((x == y).all())
