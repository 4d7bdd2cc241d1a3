"""Element-wise unary math shared by PHI and legacy kernels: abs, exp, sqrt, log, square,
rsqrt, floor, ceil, reciprocal, sin, cos, atan, sinh, erf, expm1, log1p, isnan, pow, clip
and log_softmax; trunc, rint, round (and Paddle 2.x's half-away round), isfinite, isinf,
asin, acos, asinh, acosh, atanh, cosh, tan, log2, log10 and renorm; real, imag, conj and
angle.

Same conventions as `activation.py`: ``name(xp, x, <attributes>, out)`` writes into `out`
(same shape as x); float16/bfloat16 are computed in float32 and rounded once on store;
floating-point warnings (inf/nan results) are silenced because they are intended.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs import complex_activation as cx
from phi.kernels.funcs import gelu
from phi.kernels.funcs.common import c_round, compute_dtype, named, quiet
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


def as_dtype(value: float, dtype: Any) -> np.generic:
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
    """e ** x; integers compute in float32 (and out is float32, `float_out_dtype`)."""
    with quiet(xp):
        _store(xp, xp.exp(_float_work(x)), out)


def sqrt(xp: Any, x: Any, out: Any) -> None:
    """out = sqrt(x); negative x gives NaN."""
    with quiet(xp):
        _store(xp, xp.sqrt(_work(x)), out)


def log(xp: Any, x: Any, out: Any) -> None:
    """Natural log; 0 gives -inf, negative x NaN; integers compute in float32 (and out is
    float32, `float_out_dtype`)."""
    with quiet(xp):
        _store(xp, xp.log(_float_work(x)), out)


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
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.atan(xp, x), out)
        return
    with quiet(xp):
        _store(xp, xp.arctan(_work(x)), out)


def sinh(xp: Any, x: Any, out: Any) -> None:
    """Hyperbolic sine; overflows to +-inf past the type's exp range."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.sinh(xp, x), out)
        return
    with quiet(xp):
        _store(xp, xp.sinh(_work(x)), out)


def erf(xp: Any, x: Any, out: Any) -> None:
    """The error function (evaluated in float64, rounded once)."""
    _store(xp, gelu.erf(xp, _work(x)), out)


def float_out_dtype(x_dtype: DataType) -> DataType:
    """exp / log / expm1 / log1p of an integer tensor give float32 (other types keep theirs)."""
    return DataType.FLOAT32 if x_dtype.is_integer else x_dtype


def expm1(xp: Any, x: Any, out: Any) -> None:
    """exp(x) - 1 without cancellation near 0; integers compute in float32."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.expm1(xp, x), out)
        return
    with quiet(xp):
        _store(xp, xp.expm1(_float_work(x)), out)


def log1p(xp: Any, x: Any, out: Any) -> None:
    """ln(1 + x) without cancellation near 0 (-inf at -1, NaN below); integers compute in
    float32."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.log1p(xp, x), out)
        return
    with quiet(xp):
        _store(xp, xp.log1p(_float_work(x)), out)


def isnan(xp: Any, x: Any, out: Any) -> None:
    """Bool: x is NaN (either part for complex x; never for integers)."""
    if np.dtype(x.dtype).kind in "iub":
        out[...] = False
        return
    xp.isnan(_work(x), out=out)


def _is_int(x: Any) -> bool:
    return np.dtype(x.dtype).kind in "iub"


def trunc(xp: Any, x: Any, out: Any) -> None:
    """Round toward zero (-0.3 gives -0.0); integer tensors are copied unchanged."""
    with quiet(xp):
        _store(xp, x if _is_int(x) else xp.trunc(_work(x)), out)


def rint(xp: Any, x: Any, out: Any) -> None:
    """Round to nearest, ties to even (2.5 gives 2); integer tensors are copied unchanged."""
    with quiet(xp):
        _store(xp, x if _is_int(x) else xp.rint(_work(x)), out)


def isfinite(xp: Any, x: Any, out: Any) -> None:
    """Bool: x is neither inf nor NaN (both parts for complex x; always for integers)."""
    if _is_int(x):
        out[...] = True
        return
    xp.isfinite(_work(x), out=out)


def isinf(xp: Any, x: Any, out: Any) -> None:
    """Bool: x is +-inf (either part for complex x; never for integers)."""
    if _is_int(x):
        out[...] = False
        return
    xp.isinf(_work(x), out=out)


def _ufunc(name: str, ufunc: str, doc: str,
           to_float: bool = False) -> Callable[[Any, Any, Any], None]:
    """`name(xp, x, out)`: the array module's ufunc `ufunc` (half types in float32; integers
    in float32 too when `to_float`, for ops whose integer output is float32)."""

    def op(xp: Any, x: Any, out: Any) -> None:
        with quiet(xp):
            _store(xp, getattr(xp, ufunc)(_float_work(x) if to_float else _work(x)), out)

    return named(op, name, doc)


asin = _ufunc("asin", "arcsin", "Arc sine; NaN outside [-1, 1] (real x).")
acos = _ufunc("acos", "arccos", "Arc cosine; NaN outside [-1, 1] (real x).")
asinh = _ufunc("asinh", "arcsinh", "Inverse hyperbolic sine.")
acosh = _ufunc("acosh", "arccosh", "Inverse hyperbolic cosine; NaN below 1 (real x).")
atanh = _ufunc("atanh", "arctanh", "Inverse hyperbolic tangent; +-inf at +-1, NaN beyond.")
cosh = _ufunc("cosh", "cosh", "Hyperbolic cosine; inf past the type's exp range.")
tan = _ufunc("tan", "tan", "Tangent.")
_log2_real = _ufunc("_log2_real", "log2", "Base-2 log of real x.", True)


def log2(xp: Any, x: Any, out: Any) -> None:
    """Base-2 log; integers compute in float32 and give float32. Complex x: log(x) divided
    by the complex number (ln 2 + 0j) with the textbook formula, as Paddle's kernel does, so
    a log with an infinite real part (x = 0, x infinite) gets a NaN imaginary part."""
    if np.dtype(x.dtype).kind != "c":
        _log2_real(xp, x, out)
        return
    with quiet(xp):
        z = xp.log(x)
        c = z.real.dtype.type(np.log(2.0))
        out.real[...] = (z.real * c) / (c * c)
        out.imag[...] = (z.imag * c - z.real * z.real.dtype.type(0)) / (c * c)


log10 = _ufunc("log10", "log10", "Base-10 log; integers compute in float32 and give float32.",
               True)


def real(xp: Any, x: Any, out: Any) -> None:
    """The real part of complex x (out is real)."""
    _store(xp, x.real, out)


def imag(xp: Any, x: Any, out: Any) -> None:
    """The imaginary part of complex x (out is real)."""
    _store(xp, x.imag, out)


def conj(xp: Any, x: Any, out: Any) -> None:
    """The complex conjugate; real tensors are copied unchanged."""
    _store(xp, xp.conj(x) if np.dtype(x.dtype).kind == "c" else x, out)


def angle(xp: Any, x: Any, out: Any) -> None:
    """The argument: atan2(imag, real) for complex x (out is real; -0.0 + 0j gives pi);
    for real x, pi where x < 0, else 0 (-0.0 gives 0, NaN stays NaN)."""
    with quiet(xp):
        if np.dtype(x.dtype).kind == "c":
            _store(xp, xp.arctan2(x.imag, x.real), out)
            return
        t = x.dtype.type
        _store(xp, xp.where(x < 0, t(np.pi), xp.where(xp.isnan(x), x, t(0))), out)


# -- rounding and renorm ------------------------------------------------------------------


def _round_real(xp: Any, w: Any, decimals: int) -> Any:
    """Paddle's RoundFunctor on a real float array: rint(w * 10**d) / 10**d for d > 0,
    rint(w / 10**-d) * 10**-d for d < 0, with the power of ten in w's type; NaN and +-inf
    pass through."""
    t = w.dtype.type
    if decimals == 0:
        return xp.rint(w)
    scale = t(10.0 ** decimals if decimals > 0 else 10.0 ** -decimals)
    rounded = xp.rint(w * scale) / scale if decimals > 0 else xp.rint(w / scale) * scale
    return xp.where(xp.isfinite(w), rounded, w)


def round(xp: Any, x: Any, decimals: int, out: Any) -> None:
    """Round half to even at `decimals` decimal places (negative: tens, hundreds, ...), in
    x's own type (2.675 at 2 places is 2.68 in float32); complex x rounds both parts;
    integer tensors are copied unchanged (whatever `decimals`)."""
    if _is_int(x):
        _store(xp, x, out)
        return
    with quiet(xp):
        if np.dtype(x.dtype).kind == "c":
            out.real[...] = _round_real(xp, x.real, decimals)
            out.imag[...] = _round_real(xp, x.imag, decimals)
            return
        _store(xp, _round_real(xp, _work(x), decimals), out)


def round_half_away(xp: Any, x: Any, out: Any) -> None:
    """Paddle 2.x's round (C's `round`): to nearest, ties away from zero (2.5 gives 3, -0.5
    gives -1); -0.3 gives -0.0; NaN and +-inf pass through. Paddle 2.x registered it for
    float32 / float64 only."""
    if np.dtype(x.dtype) not in (np.dtype(np.float32), np.dtype(np.float64)):
        raise ValueError(f"round: a Paddle 2.x round op (no `decimals` attribute) rounds "
                         f"float32 / float64 tensors only, got {np.dtype(x.dtype).name}")
    with quiet(xp):
        _store(xp, c_round(xp, x), out)


def renorm_axis(axis: int, rank: int) -> int:
    """renorm's axis, checked: Paddle's CPU kernel takes it as given, so a negative axis (or
    one past the rank) is an error there, as here."""
    if not 0 <= axis < rank:
        raise ValueError(f"renorm: axis must be in [0, {rank}) for an input of rank {rank}, "
                         f"got {axis} (Paddle's kernel does not wrap negative axes)")
    return axis


def renorm(xp: Any, x: Any, p: float, axis: int, max_norm: float, out: Any) -> None:
    """Each slice x[..., i, ...] along `axis` whose p-norm (sum |x|**p, then ** (1 / p) in
    double, as Paddle's kernel) exceeds max_norm is scaled by max_norm / norm; others are
    copied. A NaN norm leaves the slice as is; an infinite one zeroes it (inf * 0 is NaN)."""
    axis = renorm_axis(axis, x.ndim)
    if x.size == 0:
        return
    t = x.dtype.type
    others = tuple(d for d in range(x.ndim) if d != axis)
    with quiet(xp):
        sums = xp.sum(xp.power(xp.abs(x), t(p)), axis=others, keepdims=True)
        norms = xp.power(sums.astype(np.float64), 1.0 / p).astype(x.dtype)
        factor = xp.where(norms > t(max_norm), t(max_norm) / norms, t(1))
        _store(xp, xp.where(factor < t(1), factor * x, x), out)


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
        f = w.dtype.type(as_dtype(factor, x.dtype))
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
    lo_t, hi_t = t(as_dtype(lo, x.dtype)), t(as_dtype(hi, x.dtype))
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
    "trunc": trunc,
    "rint": rint,
    "isfinite": isfinite,
    "isinf": isinf,
    "asin": asin,
    "acos": acos,
    "asinh": asinh,
    "acosh": acosh,
    "atanh": atanh,
    "cosh": cosh,
    "tan": tan,
    "log2": log2,
    "log10": log10,
    "legacy_round": round_half_away,
}
