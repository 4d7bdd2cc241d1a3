"""Gradients of the special functions (phi.kernels.funcs.special), shared by the PHI and
legacy grad kernels, as Paddle 3.3.1's CPU kernels form them:

- gammaln: out_grad * digamma(x); polygamma(n): out_grad * polygamma(n + 1, x) (n = 0
  included: trigamma, though Paddle's forward gives -inf for n = 0);
- i0: out_grad * i1(x); i1 (from the forward's out): out_grad * (i0(x) - out / x), 1/2 at
  x == 0 (so NaN where i0 and out overflow together);
- i0e (from out): out_grad * (i1e(x) - s out), i1e: out_grad * (i0e(x) - out (s + 1 / x)),
  1/2 at x == 0, with s = copysign(1, x) (so -0.0 counts as negative);
- gammaincc (Q(a, x) of inputs x = a, y = x; Paddle differentiates y only): y_grad =
  -out_grad * exp(-y) * y^(a - 1) / Gamma(a) as written (NaN where Gamma(a) is, -0.0 at
  a == 0, e * out_grad at a = 2, y = -1: no domain check).
The Bessel and gamma functions evaluate in x's type where Paddle's do (i0 / i1 overflow
in float32), the rest in float64, rounded once.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs import special
from phi.kernels.funcs.common import quiet


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


def _apply(xp: Any, func: Any, x: Any, *args: Any) -> Any:
    """func(xp, x, *args, out) into a new array of x's type."""
    out = xp.empty_like(x)
    func(xp, x, *args, out)
    return out


def gammaln_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * _apply(xp, special.digamma, x), x_grad)


def polygamma_grad(xp: Any, x: Any, out_grad: Any, n: int, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * _apply(xp, special.polygamma, x, n + 1), x_grad)


def i0_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * _apply(xp, special.i1, x), x_grad)


def i1_grad(xp: Any, x: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        slope = xp.where(x == 0, t(0.5), _apply(xp, special.i0, x) - out / x)
        _store(xp, out_grad * slope, x_grad)


def i0e_grad(xp: Any, x: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        slope = _apply(xp, special.i1e, x) - xp.copysign(t(1), x) * out
        _store(xp, out_grad * slope, x_grad)


def i1e_grad(xp: Any, x: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        slope = _apply(xp, special.i0e, x) - out * (xp.copysign(t(1), x) + t(1) / x)
        _store(xp, out_grad * xp.where(x == 0, t(0.5), slope), x_grad)


def _gamma(xp: Any, a: Any) -> Any:
    """Gamma(a) in float64 as C's tgamma: +-inf at +-0, NaN at the negative integers and
    -inf, +inf at +inf."""
    log_abs = _apply(xp, special.lgamma, a)
    with quiet(xp):
        negative = (a < 0) & (xp.floor(a) % 2 == 1)
        value = xp.where(negative, -1.0, 1.0) * xp.exp(log_abs)
        pole = (a < 0) & (xp.floor(a) == a)
        value = xp.where(a == 0, xp.copysign(math.inf, a), value)
        return xp.where(pole | xp.isnan(a), math.nan, value)


def gammaincc_grad(xp: Any, a: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    """d Q(a, x) / dx = -exp(-x) x^(a - 1) / Gamma(a), times out_grad."""
    a64, x64 = a.astype(np.float64), x.astype(np.float64)
    with quiet(xp):
        slope = -xp.exp(-x64) * xp.power(x64, a64 - 1.0) / _gamma(xp, a64)
        _store(xp, out_grad.astype(np.float64) * slope, x_grad)
