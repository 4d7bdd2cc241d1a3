"""out = scale * x + bias, or scale * (x + bias): computed in the element type of x.

As Paddle's CPU kernel: `scale` and `bias` are first converted to x's type (`scalar_as`),
then each step runs in that type: integers wrap, float16 / bfloat16 round after the product
and after the sum, bool multiplies as `and` and adds as `or`, complex multiplies by
`scale + 0j` in full (so inf * (s + 0j) has a NaN part, as Paddle's does).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs.common import HALF_DTYPES, quiet, typed_scalar


def _wrap(value: int, dtype: np.dtype) -> int:
    """`value` reduced modulo 2**bits into `dtype`'s range (C++'s integer narrowing)."""
    bits = dtype.itemsize * 8
    value &= (1 << bits) - 1
    if dtype.kind == "i" and value >= 1 << (bits - 1):
        value -= 1 << bits
    return value


def _trunc(value: float, dtype: np.dtype) -> int:
    """C++'s `static_cast<T>(float)` into an integer type on x86 (cvttss2si / cvttsd2si):
    toward zero through a 32-bit integer (64-bit for int64), whose smallest value stands for
    NaN, +-inf and anything out of its range; narrower types keep that integer's low bits."""
    width = 64 if dtype.itemsize == 8 else 32
    lowest = -(1 << (width - 1))
    whole = int(value) if math.isfinite(value) and lowest <= value < -lowest else lowest
    return _wrap(whole, dtype)


def scalar_as(dtype: np.dtype, value: bool | int | float | complex) -> Any:
    """`value` converted to `dtype` as Paddle's `Scalar::to<T>` does: a complex value
    keeps its real part (bool: either part non-zero), bool is `value != 0` (NaN: True),
    integers truncate (`_trunc`) or wrap, float16 / bfloat16 round through float32."""
    kind = dtype.kind
    if kind == "c":
        return dtype.type(value)
    if kind == "b":
        return typed_scalar(dtype, bool(value))
    if isinstance(value, complex):
        value = value.real
    if kind in "iu":
        whole = _wrap(int(value), dtype) if isinstance(value, int) else _trunc(value, dtype)
        return typed_scalar(dtype, whole)
    if dtype in HALF_DTYPES:
        value = float(np.float32(value))
    return typed_scalar(dtype, value)


def scale(xp: Any, x: Any, scale: float, bias: float, bias_after_scale: bool, out: Any) -> None:
    s = scalar_as(x.dtype, scale)
    b = scalar_as(x.dtype, bias)
    if x.dtype.kind in "fiub" and x.dtype not in HALF_DTYPES:
        _affine(xp, x, s, b, bias_after_scale, out)  # the hot path: no errstate switch
        return
    with quiet(xp):
        _affine(xp, x, s, b, bias_after_scale, out)


def _affine(xp: Any, x: Any, s: Any, b: Any, bias_after_scale: bool, out: Any) -> None:
    if bias_after_scale:
        xp.multiply(x, s, out=out)
        xp.add(out, b, out=out)
    else:
        xp.add(x, b, out=out)
        xp.multiply(out, s, out=out)
