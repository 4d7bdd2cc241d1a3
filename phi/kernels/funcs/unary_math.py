"""Element-wise unary math shared by PHI and legacy kernels: abs, exp, sqrt, log, square,
rsqrt, floor, ceil, reciprocal, sin, cos, atan, sinh, erf, expm1, log1p, isnan, pow, clip
and log_softmax.

Same conventions as `activation.py`: ``name(xp, x, <attributes>, out)`` writes into `out`
(same shape as x); float16/bfloat16 are computed in float32 and rounded once on store;
floating-point warnings (inf/nan results) are silenced because they are intended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs import gelu
from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.softmax import clipped_shift
from phi.kernels.funcs.softmax import normalize_axis as softmax_axis


def _work(x: Any) -> Any:
    """`x` in the dtype the math runs in (float32 for float16/bfloat16, else as is)."""
    dt = compute_dtype(x.dtype)
    return x if dt == x.dtype else x.astype(dt)


def _float_work(x: Any) -> Any:
    """`x` in the float type the math runs in: integers and half types in float32."""
    return x.astype(np.float32) if np.dtype(x.dtype).kind in "iub" else _work(x)


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


def _as_dtype(value: float, dtype: Any) -> np.generic:
    """`value` cast to `dtype` as C++ `static_cast<T>` does (floats truncate into ints)."""
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        return dtype.type(int(value))
    return dtype.type(value)


# -- the plain functions ------------------------------------------------------------------


def abs_out_dtype(x_dtype: DataType) -> DataType:
    """abs of a complex tensor is real (complex64 -> float32, complex128 -> float64)."""
    return {DataType.COMPLEX64: DataType.FLOAT32,
            DataType.COMPLEX128: DataType.FLOAT64}.get(x_dtype, x_dtype)


def abs(xp: Any, x: Any, out: Any) -> None:
    """out = |x| (the modulus for complex x; out is then real)."""
    with quiet(xp):
        _store(xp, xp.abs(_work(x)), out)


def exp(xp: Any, x: Any, out: Any) -> None:
    with quiet(xp):
        _store(xp, xp.exp(_work(x)), out)


def sqrt(xp: Any, x: Any, out: Any) -> None:
    """out = sqrt(x); negative x gives NaN."""
    with quiet(xp):
        _store(xp, xp.sqrt(_work(x)), out)


def log(xp: Any, x: Any, out: Any) -> None:
    """Natural log; 0 gives -inf, negative x NaN."""
    with quiet(xp):
        _store(xp, xp.log(_work(x)), out)


def square(xp: Any, x: Any, out: Any) -> None:
    """out = x * x (integers wrap like C++)."""
    w = _work(x)
    with quiet(xp):
        _store(xp, w * w, out)


def rsqrt(xp: Any, x: Any, out: Any) -> None:
    """out = 1 / sqrt(x)."""
    w = _work(x)
    with quiet(xp):
        _store(xp, w.dtype.type(1) / xp.sqrt(w), out)


def floor(xp: Any, x: Any, out: Any) -> None:
    """Round toward -inf; integer tensors are copied unchanged."""
    if np.dtype(x.dtype).kind in "iub":
        _store(xp, x, out)
        return
    with quiet(xp):
        _store(xp, xp.floor(_work(x)), out)


def ceil(xp: Any, x: Any, out: Any) -> None:
    """Round toward +inf; integer tensors are copied unchanged."""
    if np.dtype(x.dtype).kind in "iub":
        _store(xp, x, out)
        return
    with quiet(xp):
        _store(xp, xp.ceil(_work(x)), out)


def reciprocal(xp: Any, x: Any, out: Any) -> None:
    """out = 1 / x."""
    w = _work(x)
    with quiet(xp):
        _store(xp, w.dtype.type(1) / w, out)


def sin(xp: Any, x: Any, out: Any) -> None:
    with quiet(xp):
        _store(xp, xp.sin(_work(x)), out)


def cos(xp: Any, x: Any, out: Any) -> None:
    with quiet(xp):
        _store(xp, xp.cos(_work(x)), out)


def atan(xp: Any, x: Any, out: Any) -> None:
    """Arc tangent, in (-pi/2, pi/2); +-inf give +-pi/2."""
    with quiet(xp):
        _store(xp, xp.arctan(_work(x)), out)


def sinh(xp: Any, x: Any, out: Any) -> None:
    """Hyperbolic sine; overflows to +-inf past the type's exp range."""
    with quiet(xp):
        _store(xp, xp.sinh(_work(x)), out)


def erf(xp: Any, x: Any, out: Any) -> None:
    """The error function (evaluated in float64, rounded once)."""
    _store(xp, gelu.erf(xp, _work(x)), out)


def float_out_dtype(x_dtype: DataType) -> DataType:
    """expm1 / log1p of an integer tensor give float32 (other types keep theirs)."""
    return DataType.FLOAT32 if x_dtype.is_integer else x_dtype


def expm1(xp: Any, x: Any, out: Any) -> None:
    """exp(x) - 1 without cancellation near 0; integers compute in float32."""
    with quiet(xp):
        _store(xp, xp.expm1(_float_work(x)), out)


def log1p(xp: Any, x: Any, out: Any) -> None:
    """ln(1 + x) without cancellation near 0 (-inf at -1, NaN below); integers compute in
    float32."""
    with quiet(xp):
        _store(xp, xp.log1p(_float_work(x)), out)


def isnan(xp: Any, x: Any, out: Any) -> None:
    """Bool: x is NaN (either part for complex x; never for integers)."""
    if np.dtype(x.dtype).kind in "iub":
        out[...] = False
        return
    xp.isnan(_work(x), out=out)


# -- with attributes ----------------------------------------------------------------------


def pow(xp: Any, x: Any, factor: float, out: Any) -> None:
    """out = x ** factor, with factor first cast to x's element type (Paddle's functor casts
    it with `static_cast<T>`, so an integer tensor raised to 2.5 is squared).

    Integer results: non-negative exponents use exact (wrapping) integer powers; negative
    ones go through float64 and truncate toward zero (2 ** -1 -> 0, (-1) ** -1 -> -1).
    """
    kind = np.dtype(x.dtype).kind
    with quiet(xp):
        if kind in "iu":
            e = int(factor)
            if e >= 0:
                _store(xp, xp.power(x, x.dtype.type(e)), out)
            else:
                _store(xp, xp.trunc(xp.power(x.astype(np.float64), float(e))), out)
            return
        w = _work(x)
        # round the factor to x's own type first (float16 factors are float16 values)
        f = w.dtype.type(_as_dtype(factor, x.dtype))
        _store(xp, xp.power(w, f), out)


def check_clip_bounds(lo: Any, hi: Any) -> None:
    """Paddle rejects max < min (after both are cast to the element type)."""
    if not lo <= hi:
        raise ValueError(f"clip: max ({hi}) must be greater than or equal to min ({lo})")


def clip(xp: Any, x: Any, lo: float, hi: float, out: Any) -> None:
    """out = min where x < min, max where x > max, else x (NaN passes through).

    The bounds are cast to x's element type first (an int tensor clips at int(min)).
    """
    w = _work(x)
    t = w.dtype.type
    lo_t, hi_t = t(_as_dtype(lo, x.dtype)), t(_as_dtype(hi, x.dtype))
    check_clip_bounds(lo_t, hi_t)
    with quiet(xp):
        _store(xp, xp.where(w < lo_t, lo_t, xp.where(w > hi_t, hi_t, w)), out)


def log_softmax(xp: Any, x: Any, axis: int, out: Any) -> None:
    """out = s - log(sum(exp(s))) along `axis` with s = max(x - max, -64) as Paddle's
    softmax (half types in float32)."""
    axis = softmax_axis(axis, x.ndim)
    if x.ndim == 0:
        out[...] = 0
        return
    w = _work(x)
    with quiet(xp):
        shifted = clipped_shift(xp, w, axis)
        total = xp.sum(xp.exp(shifted), axis=axis, keepdims=True)
        _store(xp, shifted - xp.log(total), out)


#: Attribute-free unary functions by PHI kernel name.
UNARY_MATH: dict[str, Callable[[Any, Any, Any], None]] = {
    "abs": abs,
    "exp": exp,
    "sqrt": sqrt,
    "log": log,
    "square": square,
    "rsqrt": rsqrt,
    "floor": floor,
    "ceil": ceil,
    "reciprocal": reciprocal,
    "sin": sin,
    "cos": cos,
    "atan": atan,
    "sinh": sinh,
    "erf": erf,
    "expm1": expm1,
    "log1p": log1p,
    "isnan": isnan,
}
