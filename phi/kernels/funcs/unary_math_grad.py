"""Gradients of the unary math ops (trigonometric, hyperbolic, expm1 / log1p / log2 /
log10, reciprocal, rsqrt), shared by the PHI and legacy grad kernels.

Signature: ``name(xp, <x or out>, out_grad, x_grad)``, writing into `x_grad`, reading
what Paddle 3.3.1's grad op reads: the forward's Out for expm1, reciprocal and rsqrt, its
X for the rest. Each follows Paddle's CPU functor's formula, so that singular points give
what Paddle gives there: asin / acos / atanh at +-1 and acosh at 1 divide by zero (an
infinity with out_grad's sign), log1p at -1 and log2 / log10 at 0 likewise; outside the
domain (|x| > 1 for asin, x < 1 for acosh) the square root is NaN.

erf: 2 / sqrt(pi) * exp(-x * x); erfinv (from out): sqrt(pi) / 2 * exp(out * out);
lgamma: digamma(x); digamma: polygamma(1, x) (phi.kernels.funcs.special, with Paddle's
poles), each times out_grad in x's type.

pow (the scalar power): dx = dout * factor * x^(factor - 1) with factor cast to x's type
(integer tensors take integer powers, as the forward), 0 everywhere when factor is 0
(Paddle's answer, NaN and infinite x included); complex x: dout * conj(factor *
x^(factor - 1)). clip: dout where min <= x <= max (both bounds included, as Paddle 3.3.1),
else 0 (NaN x too). angle: 0 for real x; for complex x, out_grad * (-imag + i real) /
|x|^2 (Paddle's convention for a real function of a complex input), 0 at x == 0. real /
imag: x_grad = out_grad + 0i / 0 + out_grad i (complex, from the real out_grad alone).

Complex x (the trigonometric and hyperbolic functions and their inverses, expm1, log1p,
log2, log10, reciprocal): out_grad * conj(f'(x)), Paddle's convention (`conj_slope`).
float16 erf / expm1: in float32, rounded once (`half_in_float32`).

ceil, floor, round, rint and trunc are flat almost everywhere: their grads read only
Out@GRAD. Paddle 3.3.1 multiplies it by 0 for ceil / floor / round / rint (a NaN or
infinite cotangent gives NaN, a negative one -0.0) and writes plain zeros for trunc.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from phi.common import DataType
from phi.kernels.funcs import special, unary_math
from phi.kernels.funcs.common import HALF_DTYPES, quiet

_FLOAT_INT = (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64)
#: flat op's grad -> the dtypes Paddle 3.3.1 registers its CPU kernel for
FLAT_GRAD_DTYPES = {
    "ceil_grad": (*_FLOAT_INT, DataType.FLOAT16, DataType.BFLOAT16, DataType.INT8,
                  DataType.INT16, DataType.UINT8),
    "round_grad": (*_FLOAT_INT, DataType.COMPLEX64, DataType.COMPLEX128),
    "trunc_grad": _FLOAT_INT,
}
FLAT_GRAD_DTYPES["floor_grad"] = FLAT_GRAD_DTYPES["ceil_grad"]
FLAT_GRAD_DTYPES["rint_grad"] = FLAT_GRAD_DTYPES["trunc_grad"]


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


def conj_slope(func: Callable[..., None]) -> Callable[..., None]:
    """`func` (``func(xp, value, out_grad, *attrs, x_grad)``, the real formula) extended to
    complex values as Paddle 3.3.1's complex functors are: out_grad * conj(f'), f' the
    same formula evaluated with a unit cotangent (the holomorphic derivative)."""

    @functools.wraps(func)
    def grad(xp: Any, value: Any, out_grad: Any, *rest: Any) -> None:
        *attrs, x_grad = rest
        if np.dtype(value.dtype).kind != "c":
            func(xp, value, out_grad, *attrs, x_grad)
            return
        slope = xp.empty_like(value)
        func(xp, value, xp.ones_like(out_grad), *attrs, slope)
        with quiet(xp):
            xp.multiply(out_grad, xp.conj(slope), out=x_grad)

    return grad


def half_in_float32(func: Callable[..., None]) -> Callable[..., None]:
    """`func` for float16 / bfloat16 values too: computed in float32 and rounded once."""

    @functools.wraps(func)
    def grad(xp: Any, value: Any, out_grad: Any, x_grad: Any) -> None:
        if np.dtype(value.dtype) not in HALF_DTYPES:
            func(xp, value, out_grad, x_grad)
            return
        wide = xp.empty(x_grad.shape, np.float32)
        func(xp, value.astype(np.float32), out_grad.astype(np.float32), wide)
        _store(xp, wide, x_grad)

    return grad


@conj_slope
def sin_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * xp.cos(x), x_grad)


@conj_slope
def cos_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, -out_grad * xp.sin(x), x_grad)


@conj_slope
def tan_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        c = xp.cos(x)
        _store(xp, out_grad / (c * c), x_grad)


@conj_slope
def asin_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / xp.sqrt(t(1) - x * x), x_grad)


@conj_slope
def acos_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, -out_grad / xp.sqrt(t(1) - x * x), x_grad)


@conj_slope
def atan_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / (t(1) + x * x), x_grad)


@conj_slope
def sinh_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * xp.cosh(x), x_grad)


@conj_slope
def cosh_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * xp.sinh(x), x_grad)


@conj_slope
def asinh_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / xp.sqrt(x * x + t(1)), x_grad)


@conj_slope
def acosh_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / xp.sqrt(x * x - t(1)), x_grad)


@conj_slope
def atanh_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / (t(1) - x * x), x_grad)


@half_in_float32
@conj_slope
def expm1_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, out_grad * (out + t(1)), x_grad)


@conj_slope
def log1p_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / (x + t(1)), x_grad)


@conj_slope
def log2_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / (x * t(math.log(2.0))), x_grad)


@conj_slope
def log10_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad / (x * t(math.log(10.0))), x_grad)


@conj_slope
def reciprocal_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * -(out * out), x_grad)


def rsqrt_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, t(-0.5) * out_grad * out * out * out, x_grad)


@half_in_float32
def erf_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad * t(2.0 / math.sqrt(math.pi)) * xp.exp(-(x * x)), x_grad)


def erfinv_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, out_grad * t(math.sqrt(math.pi) / 2.0) * xp.exp(out * out), x_grad)


def lgamma_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    psi = xp.empty_like(x)
    special.digamma(xp, x, psi)
    with quiet(xp):
        _store(xp, out_grad * psi, x_grad)


def digamma_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    trigamma = xp.empty_like(x)
    special.polygamma(xp, x, 1, trigamma)
    with quiet(xp):
        _store(xp, out_grad * trigamma, x_grad)


def zero_times_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """ceil / floor / round / rint: 0 * out_grad."""
    with quiet(xp):
        _store(xp, out_grad * out_grad.dtype.type(0), x_grad)


def zeros_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """trunc: zeros, whatever out_grad holds."""
    x_grad[...] = 0


#: flat op's grad -> its funcs function
FLAT_GRADS = {"ceil_grad": zero_times_grad, "floor_grad": zero_times_grad,
              "round_grad": zero_times_grad, "rint_grad": zero_times_grad,
              "trunc_grad": zeros_grad}


def pow_grad(xp: Any, x: Any, out_grad: Any, factor: float, x_grad: Any) -> None:
    """out_grad * factor * x^(factor - 1) (conjugated for complex x); zeros for factor 0."""
    if factor == 0:
        x_grad[...] = 0
        return
    t = x.dtype.type
    f = t(int(factor)) if np.dtype(x.dtype).kind in "iu" else t(factor)
    power = xp.empty_like(x)
    unary_math.pow(xp, x, float((f - t(1)).real), power)
    with quiet(xp):
        slope = f * power
        if np.dtype(x.dtype).kind == "c":
            slope = xp.conj(slope)
        _store(xp, out_grad * slope, x_grad)


def clip_grad(xp: Any, x: Any, out_grad: Any, lo: float, hi: float, x_grad: Any) -> None:
    """out_grad where lo <= x <= hi (bounds cast to x's type), else 0."""
    t = x.dtype.type
    lo_t, hi_t = t(unary_math.as_dtype(lo, x.dtype)), t(unary_math.as_dtype(hi, x.dtype))
    with quiet(xp):
        _store(xp, xp.where((x >= lo_t) & (x <= hi_t), out_grad, t(0)), x_grad)


def angle_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    """0 for real x; out_grad * (-imag(x) + i real(x)) / |x|^2 for complex x (0 at 0)."""
    if np.dtype(x.dtype).kind != "c":
        x_grad[...] = 0
        return
    re, im = x.real, x.imag
    t = re.dtype.type
    zero = (re == 0) & (im == 0)
    with quiet(xp):
        norm = re * re + im * im
        x_grad.real[...] = xp.where(zero, t(0), out_grad * -im / norm)
        x_grad.imag[...] = xp.where(zero, t(0), out_grad * re / norm)


def real_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = out_grad + 0i."""
    x_grad.real[...] = out_grad
    x_grad.imag[...] = 0


def imag_grad(xp: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = 0 + out_grad i."""
    x_grad.real[...] = 0
    x_grad.imag[...] = out_grad
