"""GELU, exact (erf-based) and tanh-approximated, plus a NumPy/CuPy erf.

NumPy has no erf, and fluidphi takes no SciPy dependency, so `erf` is
evaluated in float64 from two expansions: for |x| < 2 the everywhere-positive
series erf(x) = 2/sqrt(pi) * exp(-x^2) * sum_n (2x^2)^n x / (1*3*...*(2n+1)),
and for |x| >= 2 the continued fraction of erfc (evaluated bottom-up with a
fixed depth). Both reach about 1e-15 relative error, so rounding the result to
float32 gives (nearly always) the correctly rounded float32 erf.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet

_SPLIT = 2.0
_SERIES_TERMS = 32
_CF_DEPTH = 48
_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_SQRT_PI = math.sqrt(math.pi)
#: Constants as Paddle's kernels spell them: M_SQRT1_2, sqrt(2/pi) and the cubic coefficient.
SQRT1_2 = 0.70710678118654752440
SQRT_2_OVER_PI = 1.12837916709551257390 * 0.70710678118654752440
GELU_CUBIC = 0.044715


def _erf_small(xp: Any, a: Any) -> Any:
    """erf(a) for 0 <= a < _SPLIT (float64)."""
    a2 = a * a
    ratio = 2.0 * a2
    term = a.copy()
    total = a.copy()
    for n in range(1, _SERIES_TERMS):
        term *= ratio / (2 * n + 1)
        total += term
    return _TWO_OVER_SQRT_PI * xp.exp(-a2) * total


def _erfc_large(xp: Any, a: Any) -> Any:
    """erfc(a) for a >= _SPLIT (float64), from erfc's continued fraction."""
    frac = a.copy()
    for n in range(_CF_DEPTH, 0, -1):
        frac = a + (0.5 * n) / frac
    return xp.exp(-a * a) / (_SQRT_PI * frac)


def erf(xp: Any, x: Any) -> Any:
    """erf of every element, as a new float64 array (NaN stays NaN, +-inf gives +-1)."""
    x64 = xp.asarray(x, dtype=np.float64)
    a = xp.abs(x64)
    result = xp.empty_like(x64)
    small = a < _SPLIT
    large = ~small
    result[small] = _erf_small(xp, a[small])
    big = a[large]
    result[large] = 1.0 - _erfc_large(xp, xp.where(xp.isnan(big), _SPLIT, big))
    result[xp.isnan(a)] = np.nan
    return xp.copysign(result, x64)


def erfc(xp: Any, x: Any) -> Any:
    """erfc = 1 - erf of every element, as a new float64 array, without the cancellation of
    1 - erf(x) in the upper tail (the continued fraction there: about 1e-15 relative error);
    NaN stays NaN, erfc(+inf) = 0 and erfc(-inf) = 2."""
    x64 = xp.asarray(x, dtype=np.float64)
    a = xp.abs(x64)
    tail = a >= _SPLIT
    with quiet(xp):
        upper = _erfc_large(xp, xp.where(tail & ~xp.isnan(a), a, _SPLIT))
        upper = xp.where(tail, upper, 1.0 - erf(xp, a))
        return xp.where(x64 < 0, 2.0 - upper, xp.where(xp.isnan(x64), np.nan, upper))


def gelu(xp: Any, x: Any, approximate: bool, out: Any) -> None:
    """out = 0.5 * x * (1 + erf(x / sqrt(2))), or the tanh form when `approximate`.

    Arithmetic is in x's type (float32 for half inputs); erf itself is
    evaluated in float64 and rounded to that type once.
    """
    xc = x.astype(np.float32) if x.dtype.itemsize < 4 else x
    t = xc.dtype.type
    if approximate:
        inner = t(SQRT_2_OVER_PI) * (xc + t(GELU_CUBIC) * (xc * xc * xc))
        out[...] = xc * t(0.5) * (t(1) + xp.tanh(inner))
    else:
        e = erf(xp, xc * t(SQRT1_2)).astype(xc.dtype)
        out[...] = xc * (t(1) + e) * t(0.5)
