"""out = scale * x + bias, or scale * (x + bias): computed in the element type of x.

As Paddle's CPU kernel: `scale` and `bias` are first converted to x's type (`scalar_to`),
then each step runs in that type: integers wrap, float16 / bfloat16 round after the product
and after the sum, bool multiplies as `and` and adds as `or`, complex multiplies by
`scale + 0j` in full (so inf * (s + 0j) has a NaN part, as Paddle's does), or by a complex
scale part by part (`_complex_multiply`).
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


def scalar_to(dtype: np.dtype, value: bool | int | float | complex | np.generic) -> Any:
    """`value` (a Python or NumPy scalar: a Scalar's value, or a 1-element tensor's
    element as it is) converted to `dtype` as Paddle's `Scalar::to<T>` does: a complex value
    keeps its real part for a real `dtype` (bool: either part non-zero) and is whole for a
    complex one, bool is `value != 0` (NaN: True), a float truncates into an integer type
    (`_trunc`), an integer converts exactly (wraps: never through a float64), float16 /
    bfloat16 round through float32."""
    if isinstance(value, np.generic):
        value = value.item()  # exact: NumPy integers become ints, floats floats
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


def quiet_free(dtype: np.dtype) -> bool:
    """Whether `scale` runs `affine` for x of `dtype` without switching warnings off."""
    return dtype.kind in "fiub" and dtype not in HALF_DTYPES


def scale(xp: Any, x: Any, scale: Any, bias: Any, bias_after_scale: bool, out: Any) -> None:
    """`scale` and `bias`: Python or NumPy scalars of any type (`scalar_to`)."""
    s = scalar_to(x.dtype, scale)
    b = scalar_to(x.dtype, bias)
    if quiet_free(x.dtype):
        affine(xp, x, s, b, bias_after_scale, out)  # the hot path: no errstate switch
        return
    with quiet(xp):
        affine(xp, x, s, b, bias_after_scale, out)


def affine(xp: Any, x: Any, s: Any, b: Any, bias_after_scale: bool, out: Any) -> None:
    """out = x * s + b (or (x + b) * s): s and b already `scalar_to` x's dtype; with no
    floating-point warnings switched off (`scale` does that for the types that need it)."""
    multiply = _complex_multiply if x.dtype.kind == "c" and s.imag != 0 else xp.multiply
    if bias_after_scale:
        multiply(x, s, out=out)
        xp.add(out, b, out=out)
    else:
        xp.add(x, b, out=out)
        multiply(out, s, out=out)


def _complex_multiply(a: Any, s: Any, out: Any) -> None:
    """`a * s` by a complex `s` as Paddle's complex type multiplies: `(ar*sr - ai*si) +
    (ar*si + ai*sr)i`, each product and sum rounded in a's real type (NumPy's complex
    product may differ from it in the last bit). `out` may be `a`."""
    sr, si = s.real, s.imag
    real = a.real * sr - a.imag * si
    imag = a.real * si + a.imag * sr
    out.real[...] = real
    out.imag[...] = imag
