"""Complex64 / complex128 forms of activations, as Paddle 3.3.1's CPU kernels compute them.

Everything runs in complex128 and is rounded once to the output type, so results do not
depend on a SIMD path. What Paddle's complex functors do (pinned by the unary_math,
smooth_activation and activation fixtures):

* its vectorised complex exp (inside sigmoid, silu, logsigmoid, softplus) is the plain
  e^re * (cos im, sin im): exp(inf + 0j) is inf + NaN j, exp(-inf + NaN j) is NaN + NaN j;
  e^re overflows where float32's exp does (re above about 88.72), for complex128 too, and
  is only float32-accurate there (the complex128 fixtures of these ops say so in `tol`);
* complex products and quotients are the textbook formulas (no scaling, no C99 inf
  recovery): a / b = ((a.re b.re + a.im b.im) / |b|^2, (a.im b.re - a.re b.im) / |b|^2),
  and a real attribute enters as the complex (attr, 0);
* comparisons (softplus' threshold, hard_swish's clip) look at the real part only;
* tanh, atan, sinh, expm1 = exp(x) - 1 and log1p = log(1 + x) use the C library's complex
  functions (NumPy's);
* sign is x / |x| part by part (0 at 0), so an infinite x gives NaN parts.
"""

from __future__ import annotations

from typing import Any

import numpy as np

#: float32's largest value: Paddle's complex exp overflows past it.
_F32_MAX = float(np.finfo(np.float32).max)


def is_complex(x: Any) -> bool:
    return np.dtype(x.dtype).kind == "c"


def _c128(x: Any) -> Any:
    return x.astype(np.complex128)


def _pair(xp: Any, re: Any, im: Any) -> Any:
    """re + im j without the NaN a complex multiply by 1j would bring in."""
    out = xp.empty(np.broadcast_shapes(xp.shape(re), xp.shape(im)), dtype=np.complex128)
    out.real = re
    out.imag = im
    return out


def _const(value: float) -> complex:
    return complex(value, 0.0)


def cexp(xp: Any, z: Any) -> Any:
    """Paddle's vectorised complex exp (see the module notes)."""
    e = xp.exp(z.real)
    e = xp.where(e > _F32_MAX, np.inf, e)
    return _pair(xp, e * xp.cos(z.imag), e * xp.sin(z.imag))


def cmul(xp: Any, a: Any, b: Any) -> Any:
    a, b = xp.asarray(a, dtype=np.complex128), xp.asarray(b, dtype=np.complex128)
    return _pair(xp, a.real * b.real - a.imag * b.imag, a.real * b.imag + a.imag * b.real)


def cdiv(xp: Any, a: Any, b: Any) -> Any:
    a, b = xp.asarray(a, dtype=np.complex128), xp.asarray(b, dtype=np.complex128)
    den = b.real * b.real + b.imag * b.imag
    return _pair(xp, (a.real * b.real + a.imag * b.imag) / den,
                 (a.imag * b.real - a.real * b.imag) / den)


def sigmoid(xp: Any, x: Any) -> Any:
    """1 / (1 + exp(-x))."""
    return cdiv(xp, _const(1.0), cexp(xp, -_c128(x)) + 1.0)


def silu(xp: Any, x: Any) -> Any:
    """x * sigmoid(x)."""
    return cmul(xp, _c128(x), sigmoid(xp, x))


def logsigmoid(xp: Any, x: Any) -> Any:
    """-log(1 + exp(-x))."""
    return -xp.log(cexp(xp, -_c128(x)) + 1.0)


def softplus(xp: Any, x: Any, beta: float, threshold: float) -> Any:
    """x where re(beta * x) > threshold, else log(1 + exp(beta * x)) / beta."""
    z = _c128(x)
    scaled = cmul(xp, z, _const(beta))
    soft = cdiv(xp, xp.log(cexp(xp, scaled) + 1.0), _const(beta))
    return xp.where(scaled.real > threshold, z, soft)


def hardswish(xp: Any, x: Any, threshold: float, scale: float, offset: float) -> Any:
    """min(max(x + offset, 0), threshold) * x / scale, clipped by the real part."""
    z = _c128(x)
    gate = z + offset
    gate = xp.where(gate.real > 0.0, gate, 0.0)
    gate = xp.where(gate.real < threshold, gate, _const(threshold))
    return cdiv(xp, cmul(xp, gate, z), _const(scale))


def sign(xp: Any, x: Any) -> Any:
    """x / |x| part by part; 0 at 0."""
    z = _c128(x)
    a = xp.abs(z)
    with np.errstate(all="ignore"):
        unit = _pair(xp, z.real / a, z.imag / a)
    return xp.where(z == 0, 0.0, unit)


def tanh(xp: Any, x: Any) -> Any:
    return xp.tanh(_c128(x))


def atan(xp: Any, x: Any) -> Any:
    return xp.arctan(_c128(x))


def sinh(xp: Any, x: Any) -> Any:
    return xp.sinh(_c128(x))


def expm1(xp: Any, x: Any) -> Any:
    """exp(x) - 1 (no cancellation guard, as Paddle's complex functor)."""
    return xp.exp(_c128(x)) - 1.0


def log1p(xp: Any, x: Any) -> Any:
    """log(1 + x)."""
    return xp.log(_c128(x) + 1.0)
