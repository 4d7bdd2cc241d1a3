"""Special functions for NumPy / CuPy without SciPy: lgamma, digamma, and the inverse normal
CDF behind erfinv. Each evaluates in float64 (about 1e-15 relative error away from poles
and roots) and writes into `out`, rounding once to out's type; the edge values are
Paddle's (stated per function).

- lgamma: the Lanczos approximation (g = 7, 9 terms) for x >= 0.5, the recurrence
  lgamma(x) = lgamma(x + 1) - log(x) below, and the reflection formula for x < 0;
- digamma: the recurrence psi(x) = psi(x + 1) - 1/x up to x >= 10, then the asymptotic
  series; the reflection formula for x < 0;
- ndtri: an Abramowitz-Stegun 26.2.23 start refined by Newton steps on the upper tail
  Q(z) = erfc(z / sqrt(2)) / 2, with erfc from phi.kernels.funcs.gelu;
- i0, i1 and their scaled forms i0e = exp(-|x|) i0, i1e = exp(-|x|) i1 (modified Bessel
  functions of the first kind): the power series (positive terms) for |x| <= 30, the
  Hankel asymptotic series above; i0 / i1 = exp(|x|) times the scaled form, inf once
  exp(|x|) overflows x's type (as Paddle's Cephes kernels, which take exp in x's type),
  NaN at +-inf (inf * 0 there), the scaled forms 0 at +-inf; i1 and i1e are odd with
  i1(-0) = +0;
- gammaincc: the regularized upper incomplete gamma function Q(a, x) (a = the x input,
  x = the y input): 1 - the power series of P below x = a + 1, the continued fraction of
  Q (modified Lentz) above, each run until every element has converged; Paddle's edges:
  1 where a <= 0, x < 0 or x == 0, NaN where a or x is NaN or infinite;
- polygamma: psi^(n)(x) = (-1)^(n+1) n! zeta(n + 1, x), the Hurwitz zeta function by
  Euler-Maclaurin (direct terms until q + k >= 9, the integral tail, 12 Bernoulli terms),
  for every n as Paddle 3.3.1 evaluates it: n = 0 gives zeta(1, x) = inf, so -inf
  everywhere (not digamma), n < 0 NaN; poles (x a non-positive integer, -inf) give
  (-1)^(n+1) inf, +inf and NaN give NaN.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.gelu import erfc

#: Lanczos coefficients for g = 7 (the widely published 9-term set).
_LANCZOS_G = 7.0
_LANCZOS = (0.99999999999980993, 676.5203681218851, -1259.1392167224028,
            771.32342877765313, -176.61502916214059, 12.507343278686905,
            -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7)
_HALF_LOG_2PI = 0.5 * math.log(2.0 * math.pi)
#: Asymptotic digamma: psi(x) ~ log(x) - 1/(2x) - sum_k B_2k / (2k x^2k), k = 1..7.
_DIGAMMA_SERIES = (1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132, -691.0 / 32760,
                   1.0 / 12)
_DIGAMMA_SHIFT = 10.0
#: Abramowitz & Stegun 26.2.23: z ~ t - (c0 + c1 t + c2 t^2) / (1 + d1 t + d2 t^2 + d3 t^3).
_AS_C = (2.515517, 0.802853, 0.010328)
_AS_D = (1.432788, 0.189269, 0.001308)
_NEWTON_STEPS = 4
#: Bessel I: the power series below this |x| (80 positive terms reach 1e-17 there), the
#: asymptotic series (25 terms, below 1e-16 from 30 on) above.
_BESSEL_SERIES_MAX = 30.0
_BESSEL_SERIES_TERMS = 80
_BESSEL_ASYMPTOTIC_TERMS = 25
#: Incomplete gamma: relative step that ends an iteration, its cap, Lentz's tiny number.
_IGAM_EPS = 1e-17
_IGAM_MAX_ITER = 100_000
_IGAM_TINY = 1e-300
#: Bernoulli numbers B_2, B_4, ..., B_24 as (numerator, denominator).
_BERNOULLI = ((1, 6), (-1, 30), (1, 42), (-1, 30), (5, 66), (-691, 2730), (7, 6),
              (-3617, 510), (43867, 798), (-174611, 330), (854513, 138), (-236364091, 2730))
#: B_2j / (2j)!, the Euler-Maclaurin coefficients.
_EM_COEFFS = tuple(num / den / math.factorial(2 * j)
                   for j, (num, den) in enumerate(_BERNOULLI, start=1))
#: Hurwitz zeta: direct terms until q + k reaches this.
_ZETA_SHIFT = 9.0


def _f64(xp: Any, x: Any) -> Any:
    return xp.asarray(x, dtype=np.float64)


def _sinpi_abs_log(xp: Any, x: Any) -> Any:
    """log(pi / |sin(pi x)|), with the argument reduced to [-0.5, 0.5] first (exact) and
    -log|r| for tiny r (where sin(pi r) would go subnormal)."""
    r = x - xp.rint(x)
    tiny = xp.abs(r) < 1e-8
    safe = xp.where(tiny, 0.25, r)
    return xp.where(tiny, -xp.log(xp.abs(r)), xp.log(math.pi / xp.abs(xp.sin(math.pi * safe))))


def _lgamma_lanczos(xp: Any, x: Any) -> Any:
    """lgamma for x >= 0.5 (float64)."""
    z = x - 1.0
    series = xp.full(x.shape, _LANCZOS[0])
    for i, c in enumerate(_LANCZOS[1:], start=1):
        series = series + c / (z + i)
    t = z + _LANCZOS_G + 0.5
    return _HALF_LOG_2PI + (z + 0.5) * xp.log(t) - t + xp.log(series)


def lgamma(xp: Any, x: Any, out: Any) -> None:
    """log|Gamma(x)|: +inf at 0, -0 and the negative integers, +inf at +-inf, NaN at NaN."""
    w = _f64(xp, x)
    with quiet(xp):
        big = xp.where(w >= 0.5, w, 0.5)
        mid = xp.where((w > 0) & (w < 0.5), w, 0.5)
        neg = xp.where(w < 0, w, -0.5)
        value = _lgamma_lanczos(xp, big)
        value = xp.where((w > 0) & (w < 0.5), _lgamma_lanczos(xp, mid + 1.0) - xp.log(mid),
                         value)
        reflected = _sinpi_abs_log(xp, neg) - _lgamma_lanczos(xp, xp.maximum(1.0 - neg, 0.5))
        value = xp.where(w < 0, reflected, value)
        pole = (w <= 0) & (w == xp.floor(w))
        value = xp.where(pole | xp.isinf(w), np.inf, value)
        xp.copyto(out, xp.where(xp.isnan(w), np.nan, value), casting="unsafe")


def _digamma_positive(xp: Any, x: Any) -> Any:
    """digamma for x > 0 (float64)."""
    shift = xp.zeros_like(x)
    for _ in range(int(_DIGAMMA_SHIFT)):
        small = x < _DIGAMMA_SHIFT
        shift = shift - xp.where(small, 1.0 / x, 0.0)
        x = xp.where(small, x + 1.0, x)
    inv2 = 1.0 / (x * x)
    tail = xp.zeros_like(x)
    for c in reversed(_DIGAMMA_SERIES):
        tail = (tail + c) * inv2
    return shift + xp.log(x) - 0.5 / x - tail


def digamma(xp: Any, x: Any, out: Any) -> None:
    """psi(x) = d/dx log Gamma(x): -inf at +0 and +inf at -0 (Paddle's special case), NaN at
    the negative integers and -inf, +inf at +inf."""
    w = _f64(xp, x)
    with quiet(xp):
        pos = xp.where(w > 0, w, 1.0)
        neg = xp.where(w < 0, w, -0.5)
        value = _digamma_positive(xp, pos)
        r = neg - xp.rint(neg)
        reflected = _digamma_positive(xp, 1.0 - neg) - math.pi / xp.tan(math.pi * r)
        value = xp.where(w < 0, reflected, value)
        value = xp.where((w < 0) & (w == xp.floor(w)), np.nan, value)
        value = xp.where(w == 0, xp.where(xp.signbit(w), np.inf, -np.inf), value)
        value = xp.where(xp.isposinf(w), np.inf, value)
        xp.copyto(out, xp.where(xp.isnan(w), np.nan, value), casting="unsafe")


def _upper_tail(xp: Any, z: Any) -> Any:
    """Q(z) = P(N(0, 1) > z) = erfc(z / sqrt(2)) / 2 (float64)."""
    return 0.5 * erfc(xp, z / math.sqrt(2.0))


def _ndtri_upper(xp: Any, q: Any) -> Any:
    """z >= 0 with Q(z) = q, for 0 < q <= 0.5 (float64)."""
    t = xp.sqrt(-2.0 * xp.log(q))
    num = _AS_C[0] + t * (_AS_C[1] + t * _AS_C[2])
    den = 1.0 + t * (_AS_D[0] + t * (_AS_D[1] + t * _AS_D[2]))
    z = xp.maximum(t - num / den, 0.0)
    for _ in range(_NEWTON_STEPS):
        density = xp.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
        z = z + (_upper_tail(xp, z) - q) / density
    return z


def ndtri(xp: Any, p: Any) -> Any:
    """The inverse standard normal CDF of float64 `p`, as a new float64 array: -inf at 0
    and below, +inf at 1 and above (Cephes' convention, which Paddle's erfinv inherits),
    NaN at NaN."""
    with quiet(xp):
        lower = p < 0.5
        q = xp.where(lower, p, 1.0 - p)  # exact for p >= 0.5 (Sterbenz)
        inside = (q > 0) & (q <= 0.5)
        z = _ndtri_upper(xp, xp.where(inside, q, 0.25))
        z = xp.where(lower, -z, z)
        z = xp.where(p <= 0, -np.inf, xp.where(p >= 1, np.inf, z))
        return xp.where(xp.isnan(p), np.nan, z)


def erfinv(xp: Any, x: Any, out: Any) -> None:
    """erfinv(x) as Paddle computes it: ndtri(x * 0.5 + 0.5) * sqrt(1/2), with p = x * 0.5 +
    0.5 rounded in x's own type (so float32 x within 3e-8 of 0 give 0, and x near +-1 carry
    that rounding); x >= 1 gives +inf and x <= -1 gives -inf (no NaN but at NaN)."""
    t = np.dtype(x.dtype).type
    with quiet(xp):
        p = x * t(0.5) + t(0.5)
        z = ndtri(xp, _f64(xp, p)) * math.sqrt(0.5)
        xp.copyto(out, z, casting="unsafe")


# -- modified Bessel functions of the first kind, orders 0 and 1 -------------------------------

def _bessel_i_scaled(xp: Any, a: Any, order: int) -> Any:
    """exp(-a) I_order(a) for a = |x| >= 0 (float64)."""
    small = xp.minimum(a, _BESSEL_SERIES_MAX)
    quarter = small * small / 4
    term = (small / 2) ** order
    total = term.copy()
    for k in range(1, _BESSEL_SERIES_TERMS):
        term = term * quarter / (k * (k + order))
        total = total + term
    series = total * xp.exp(-small)
    big = xp.maximum(a, _BESSEL_SERIES_MAX)
    mu = 4.0 * order * order
    term = xp.ones_like(big)
    total = term.copy()
    for k in range(1, _BESSEL_ASYMPTOTIC_TERMS):
        term = -term * (mu - (2 * k - 1) ** 2) / (k * 8.0 * big)
        total = total + term
    asymptotic = total / xp.sqrt(2.0 * math.pi * big)
    return xp.where(a <= _BESSEL_SERIES_MAX, series, asymptotic)


def _bessel_i(xp: Any, x: Any, order: int, scaled: bool, out: Any) -> None:
    """out = I_order(x) (scaled: times exp(-|x|)) into out's type."""
    with quiet(xp):
        a = xp.abs(_f64(xp, x))
        value = _bessel_i_scaled(xp, xp.where(xp.isinf(a), 1.0, a), order)
        if scaled:
            value = xp.where(xp.isinf(a), 0.0, value)
        else:
            overflow = a > math.log(float(xp.finfo(out.dtype).max))
            value = xp.where(overflow, math.inf, xp.exp(xp.where(overflow, 0.0, a)) * value)
            value = xp.where(xp.isinf(a), math.nan, value)
        if order == 1:
            value = xp.where(_f64(xp, x) < 0, -value, value)
        # one NaN bit pattern whatever path made it (a 0-d NaN's sign differs by device)
        xp.copyto(out, xp.where(xp.isnan(value), math.nan, value), casting="unsafe")


def i0(xp: Any, x: Any, out: Any) -> None:
    """The modified Bessel function of the first kind of order 0."""
    _bessel_i(xp, x, 0, False, out)


def i0e(xp: Any, x: Any, out: Any) -> None:
    """exp(-|x|) i0(x)."""
    _bessel_i(xp, x, 0, True, out)


def i1(xp: Any, x: Any, out: Any) -> None:
    """The modified Bessel function of the first kind of order 1 (odd)."""
    _bessel_i(xp, x, 1, False, out)


def i1e(xp: Any, x: Any, out: Any) -> None:
    """exp(-|x|) i1(x)."""
    _bessel_i(xp, x, 1, True, out)


# -- regularized upper incomplete gamma ---------------------------------------------------------

def _igam_series(xp: Any, a: Any, x: Any) -> Any:
    """sum_n x^n / (a (a + 1) ... (a + n)), the series of P(a, x) without its prefactor."""
    ap, term = a.copy(), 1.0 / a
    total = term.copy()
    going = xp.ones(a.shape, bool)  # each element stops at its own convergence
    for _ in range(_IGAM_MAX_ITER):
        ap = ap + 1.0
        term = xp.where(going, term * x / ap, 0.0)
        total = total + term
        going = going & (xp.abs(term) > xp.abs(total) * _IGAM_EPS)
        if not bool(xp.any(going)):
            break
    return total


def _igamc_fraction(xp: Any, a: Any, x: Any) -> Any:
    """The continued fraction of Q(a, x) without its prefactor (modified Lentz)."""
    b = x + 1.0 - a
    c = xp.full(a.shape, 1.0 / _IGAM_TINY)
    d = 1.0 / b
    h = d.copy()
    going = xp.ones(a.shape, bool)  # each element stops at its own convergence: one that
    # went on would drift by an ulp per step (its delta rounds to 1 +- ulp)
    for i in range(1, _IGAM_MAX_ITER):
        an = -i * (i - a)
        b = b + 2.0
        d = an * d + b
        d = 1.0 / xp.where(xp.abs(d) < _IGAM_TINY, _IGAM_TINY, d)
        c = b + an / c
        c = xp.where(xp.abs(c) < _IGAM_TINY, _IGAM_TINY, c)
        delta = xp.where(going, d * c, 1.0)
        h = h * delta
        going = going & (xp.abs(delta - 1.0) > _IGAM_EPS)
        if not bool(xp.any(going)):
            break
    return h


def same_dims(op: str, x_dims: Sequence[int], y_dims: Sequence[int]) -> tuple[int, ...]:
    """x's dims, which y must share (Paddle's kernel reads y as if it had them)."""
    if tuple(x_dims) != tuple(y_dims):
        raise ValueError(f"{op}: x and y must have the same dims (no broadcasting), got "
                         f"{[int(d) for d in x_dims]} and {[int(d) for d in y_dims]}")
    return tuple(int(d) for d in x_dims)


def gammaincc(xp: Any, a: Any, x: Any, out: Any) -> None:
    """out = Q(a, x) = Gamma(a, x) / Gamma(a) elementwise (a, x of one shape)."""
    a64, x64 = _f64(xp, a), _f64(xp, x)
    with quiet(xp):
        bad = xp.isnan(a64) | xp.isnan(x64) | xp.isinf(a64) | xp.isinf(x64)
        one = (a64 <= 0) | (x64 <= 0)
        valid = ~(bad | one)
        aa = xp.where(valid, a64, 1.0)
        xx = xp.where(valid, x64, 1.0)
        lg = xp.empty(aa.shape, np.float64)
        lgamma(xp, aa, lg)
        prefactor = xp.exp(aa * xp.log(xx) - xx - lg)
        use_series = xx < aa + 1.0
        sa, sx = xp.where(use_series, aa, 1.0), xp.where(use_series, xx, 0.5)
        fa, fx = xp.where(use_series, 1.0, aa), xp.where(use_series, 3.0, xx)
        q = xp.where(use_series, 1.0 - prefactor * _igam_series(xp, sa, sx),
                     prefactor * _igamc_fraction(xp, fa, fx))
        q = xp.where(one & ~bad, 1.0, xp.where(bad, math.nan, q))
        xp.copyto(out, q.reshape(out.shape), casting="unsafe")


# -- polygamma ---------------------------------------------------------------------------------

def _hurwitz_zeta(xp: Any, s: int, q: Any) -> Any:
    """zeta(s, q) = sum_k (q + k)^-s for integer s >= 2 and q off the poles (float64)."""
    steps = xp.where(q < _ZETA_SHIFT, xp.ceil(_ZETA_SHIFT - q), 0.0)
    total = xp.zeros(q.shape)
    for k in range(int(steps.max()) if steps.size else 0):
        total = total + xp.where(k < steps, (q + k) ** -s, 0.0)
    w = q + steps
    b = w ** -s
    total = total + b * w / (s - 1) + 0.5 * b
    poch, power = float(s), b / w
    for j, coeff in enumerate(_EM_COEFFS, start=1):
        total = total + coeff * poch * power
        poch *= (s + 2 * j - 1) * (s + 2 * j)
        power = power / (w * w)
    return total


def polygamma(xp: Any, x: Any, n: int, out: Any) -> None:
    """out = the n-th derivative of digamma at x, as Paddle evaluates it (see above)."""
    q = _f64(xp, x)
    if n <= 0:
        out.fill(-math.inf if n == 0 else math.nan)
        return
    with quiet(xp):
        pole = (q <= 0) & (xp.floor(q) == q)
        invalid = xp.isnan(q) | (q == math.inf)
        safe = xp.where(pole | invalid, 1.0, q)
        zeta = xp.where(pole, math.inf, _hurwitz_zeta(xp, n + 1, safe))
        value = (-1.0) ** (n + 1) * math.factorial(n) * zeta
        xp.copyto(out, xp.where(invalid, math.nan, value), casting="unsafe")
