"""Gradients of the activations and unary math ops, shared by PHI and legacy grad kernels.

Signature: ``name(xp, <forward values the grad reads>, out_grad, <attributes>, x_grad)``,
writing into `x_grad`. Each reads what Paddle's grad op reads (the forward's X or Out)
and follows Paddle 3.3.1's CPU functors at kinks and edge values:

* leaky_relu: slope 1 for x >= 0 (0 included), `negative_slope` below, 0 for NaN;
* relu6 (from out): 1 where 0 < out < 6, else 0 (the threshold is fixed, as the grad op
  carries none); hardsigmoid (from out): `slope` where 0 < out < 1, else 0;
* hardswish: (2x + 3) / 6 inside (-3, 3), 1 above, 0 below (written as Paddle's product,
  so +-inf give NaN); the constants are fixed (`check_hardswish_constants`);
* abs: x / |x| (0 at 0, NaN at +-inf; a complex x's too, with a real out_grad);
  sqrt: 0.5 / out; log: 1 / x;
* softplus: 1 where beta * x > threshold, else sigmoid(beta * x);
* silu / swish: sigmoid(x) * (1 + x * exp(-x) / (1 + exp(-x))) as Paddle composes it
  (so +-inf give NaN);
* gelu: exact 0.5 * (1 + erf(x / sqrt 2)) + x * pdf(x), or the tanh form's derivative;
* softmax: out * (dout - sum(dout * out)); log_softmax: dout - exp(out) * sum(dout);
* softsign: 1 / (1 + |x|)^2 (complex x: see `softsign_grad`); tanh_shrink: tanh(x)^2;
  stanh: a * b * (1 - tanh(a x)^2);
* logsigmoid: exp(-x - m) / (exp(-m) + exp(-x - m)) with m = max(-x, 0), as Paddle writes
  it (so -inf gives NaN);
* softshrink: 1 where x > t or x < -t, else 0; hard_shrink: 1 where x >= t or x <= -t
  (Paddle 3.3.1 passes the gradient at +-t itself); thresholded_relu: 1 where
  x > threshold, else 0 (NaN gives 0 in all three);
* elu: 1 where x > 0, else out + alpha (alpha * exp(x) for a negative alpha); selu (from
  out): out + scale * alpha where out <= 0 (scale * alpha a float32 product, as Paddle's
  float attributes multiply), else scale (NaN included); brelu / hardtanh: 1 inside the open
  (t_min, t_max), else 0; mish: tanh(sp) + x (1 - tanh(sp)^2) (1 - exp(-sp)) with
  sp = softplus(x) (x itself above `threshold`); logit: 1 / (x (1 - x)), 0 outside
  [eps, 1 - eps] (a negative eps too: Paddle 3.3.1's grad clamps always); celu: 1 where
  x > 0, else exp(x / alpha) (for either sign of alpha), NaN wherever exp(x / alpha)
  overflows (Paddle's sum of masked terms multiplies that infinity by a 0 mask);
* swiglu (out = silu(x) * y): x_grad = out_grad * y * s * (1 + x * (1 - s)) with
  s = sigmoid(x), y_grad = out_grad * x * s (NaN at x = +-inf for x_grad, at -inf for
  y_grad); without y both halves of x's last axis are x and y and x_grad holds both.

Complex x (sigmoid, tanh, exp, sqrt, log, square, silu, stanh, softplus, logsigmoid,
hard_swish): out_grad * conj(f'), the same formula's holomorphic derivative conjugated
(`conj_slope`), as Paddle 3.3.1's complex functors; softplus' threshold and hard_swish's
clip compare the real part; integer exp / square use the real formula in their type.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from phi.kernels.funcs import gelu as gelu_funcs
from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.softmax import normalize_axis
from phi.kernels.funcs.unary_math_grad import conj_slope


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


@conj_slope
def sigmoid_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, out_grad * out * (t(1) - out), x_grad)


@conj_slope
def tanh_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, out_grad * (t(1) - out * out), x_grad)


@conj_slope
def exp_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad * out, x_grad)


@conj_slope
def sqrt_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, out_grad * t(0.5) / out, x_grad)


def relu6_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        _store(xp, xp.where((out > t(0)) & (out < t(6)), out_grad, t(0)), x_grad)


def hardsigmoid_grad(xp: Any, out: Any, out_grad: Any, slope: float, offset: float,
                     x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        inside = (out > t(0)) & (out < t(1))
        _store(xp, out_grad * inside.astype(out.dtype) * t(slope), x_grad)


@conj_slope
def log_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        _store(xp, out_grad / x, x_grad)


@conj_slope
def square_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad * t(2) * x, x_grad)


def abs_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, out_grad * xp.where(x == t(0), t(0), x / xp.abs(x)), x_grad)


def leaky_relu_grad(xp: Any, x: Any, out_grad: Any, negative_slope: float,
                    x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        slope = xp.where(x >= t(0), t(1), xp.where(x < t(0), t(negative_slope), t(0)))
        _store(xp, out_grad * slope, x_grad)


@conj_slope
def softplus_grad(xp: Any, x: Any, out_grad: Any, beta: float, threshold: float,
                  x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        scaled = x * t(beta)
        e = xp.exp(scaled)
        above = xp.real(scaled) > xp.real(t(threshold))  # complex: the real part
        _store(xp, xp.where(above, out_grad, out_grad * e / (t(1) + e)), x_grad)


#: hardswish's fixed constants (threshold, scale, offset): Paddle's hardswish and
#: hardswish_grad take none, and its legacy hard_swish ignores the attributes.
HARDSWISH_CONSTANTS = (6.0, 6.0, 3.0)


def check_hardswish_constants(threshold: float, scale: float, offset: float) -> None:
    """Refuse hard_swish_grad attributes other than 6, 6, 3 (see the module notes)."""
    if (float(threshold), float(scale), float(offset)) != HARDSWISH_CONSTANTS:
        raise ValueError(
            f"hard_swish_grad: threshold/scale/offset {threshold}/{scale}/{offset} are not "
            f"6/6/3. Paddle (2.6 and 3.3) ignores them in hard_swish and its gradient, "
            f"fluidphi's forward hard_swish honours them; rather than differentiate one "
            f"while computing the other, this gradient takes only the fixed constants")


@conj_slope
def hardswish_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    threshold, scale, offset = HARDSWISH_CONSTANTS
    t = x.dtype.type
    with quiet(xp):
        shifted = xp.real(x + t(offset))  # complex: clipped by the real part
        above = (shifted > shifted.dtype.type(0)).astype(x.dtype)
        below = (shifted < shifted.dtype.type(threshold)).astype(x.dtype)
        slope = above * below * (t(2) * x + t(offset)) / t(scale) + t(1) - below
        _store(xp, out_grad * slope, x_grad)


@conj_slope
def silu_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    """d(x * sigmoid(x)); swish_grad (beta 1) is the same function."""
    t = x.dtype.type
    with quiet(xp):
        e = xp.exp(-x)
        denom = t(1) + e
        _store(xp, out_grad * ((t(1) / denom) * (t(1) + x * e / denom)), x_grad)


def gelu_grad(xp: Any, x: Any, out_grad: Any, approximate: bool, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        if approximate:
            alpha = t(gelu_funcs.SQRT_2_OVER_PI)
            beta = t(gelu_funcs.SQRT_2_OVER_PI * gelu_funcs.GELU_CUBIC * 3)
            tanh_out = xp.tanh(alpha * x * (t(1) + t(gelu_funcs.GELU_CUBIC) * x * x))
            slope = t(0.5) * ((t(1) + tanh_out)
                              + x * (t(1) - tanh_out * tanh_out) * (alpha + beta * x * x))
        else:
            cdf = t(0.5) * (t(1) + gelu_funcs.erf(xp, x * t(gelu_funcs.SQRT1_2)).astype(x.dtype))
            pdf = t(0.5 * 2 / math.sqrt(math.pi) * gelu_funcs.SQRT1_2) * x * xp.exp(
                t(-0.5) * x * x)
            slope = cdf + pdf
        _store(xp, out_grad * slope, x_grad)


def softmax_grad(xp: Any, out: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    """A 0-D softmax is the constant 1: its gradient is 0."""
    ax = normalize_axis(axis, out.ndim)
    with quiet(xp):
        if out.ndim == 0:
            _store(xp, out_grad * 0, x_grad)
            return
        dot = (out_grad * out).sum(axis=ax, keepdims=True)
        _store(xp, out * (out_grad - dot), x_grad)


def log_softmax_grad(xp: Any, out: Any, out_grad: Any, axis: int, x_grad: Any) -> None:
    """A 0-D log_softmax is the constant 0: its gradient is 0."""
    ax = normalize_axis(axis, out.ndim)
    with quiet(xp):
        if out.ndim == 0:
            _store(xp, out_grad * 0, x_grad)
            return
        _store(xp, out_grad - xp.exp(out) * out_grad.sum(axis=ax, keepdims=True), x_grad)


def softsign_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    """Real x: out_grad / (1 + |x|)^2. Complex x: out_grad times the slope of softsign
    along the real axis, 1 / (1 + |x|) - x * (re(x) / |x|) / (1 + |x|)^2 (the Wirtinger
    df/dx + df/dconj(x), not conjugated), Paddle 3.3.1's CPU answer: NaN at x = 0, where
    re(x) / |x| is 0 / 0."""
    with quiet(xp):
        d = xp.abs(x)
        if np.dtype(x.dtype).kind == "c":
            slope = 1 / (1 + d) - x * (xp.real(x) / d) / ((1 + d) * (1 + d))
            _store(xp, out_grad * slope, x_grad)
            return
        d += x.dtype.type(1)
        _store(xp, out_grad / (d * d), x_grad)


@conj_slope
def logsigmoid_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        m = xp.maximum(-xp.real(x), xp.real(x).dtype.type(0))  # complex: a real shift
        e = xp.exp(-x - m)
        _store(xp, out_grad * (e / (xp.exp(-m) + e)), x_grad)


def tanh_shrink_grad(xp: Any, x: Any, out_grad: Any, x_grad: Any) -> None:
    with quiet(xp):
        th = xp.tanh(x)
        _store(xp, out_grad * (th * th), x_grad)


def softshrink_grad(xp: Any, x: Any, out_grad: Any, threshold: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        outside = (x > t(threshold)) | (x < t(-threshold))
        _store(xp, out_grad * outside.astype(x.dtype), x_grad)


def hardshrink_grad(xp: Any, x: Any, out_grad: Any, threshold: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        outside = (x >= t(threshold)) | (x <= t(-threshold))
        _store(xp, out_grad * outside.astype(x.dtype), x_grad)


def thresholded_relu_grad(xp: Any, x: Any, out_grad: Any, threshold: float,
                          x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, xp.where(x > t(threshold), out_grad, t(0)), x_grad)


@conj_slope
def stanh_grad(xp: Any, x: Any, out_grad: Any, scale_a: float, scale_b: float,
               x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        th = xp.tanh(t(scale_a) * x)
        _store(xp, out_grad * t(scale_a) * t(scale_b) * (t(1) - th * th), x_grad)


def elu_grad(xp: Any, x: Any, out: Any, out_grad: Any, alpha: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        below = out + t(alpha) if alpha >= 0 else t(alpha) * xp.exp(x)
        _store(xp, xp.where(x > t(0), out_grad, out_grad * below), x_grad)


def selu_grad(xp: Any, out: Any, out_grad: Any, scale: float, alpha: float,
              x_grad: Any) -> None:
    t = out.dtype.type
    with quiet(xp):
        below = out_grad * (out + t(np.float32(scale) * np.float32(alpha)))
        _store(xp, xp.where(out <= t(0), below, out_grad * t(scale)), x_grad)


def hardtanh_grad(xp: Any, x: Any, out_grad: Any, t_min: float, t_max: float,
                  x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        _store(xp, xp.where((x > t(t_min)) & (x < t(t_max)), out_grad, t(0)), x_grad)


def mish_grad(xp: Any, x: Any, out_grad: Any, threshold: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        sp = xp.where(x > t(threshold), x, xp.log1p(xp.exp(x)))
        tsp = xp.tanh(sp)
        slope = tsp + x * (t(1) - tsp * tsp) * (t(1) - xp.exp(-sp))
        _store(xp, out_grad * slope, x_grad)


def logit_grad(xp: Any, x: Any, out_grad: Any, eps: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        value = out_grad / (x * (t(1) - x))
        _store(xp, xp.where((x < t(eps)) | (x > t(1) - t(eps)), t(0), value), x_grad)


def celu_grad(xp: Any, x: Any, out_grad: Any, alpha: float, x_grad: Any) -> None:
    t = x.dtype.type
    with quiet(xp):
        e = xp.exp(x / t(alpha))
        slope = xp.where(x > t(0), t(1), e)
        _store(xp, xp.where(xp.isposinf(e), t(np.nan), out_grad * slope), x_grad)


def swiglu_grad(xp: Any, x: Any, y: Any | None, out_grad: Any, x_grad: Any | None,
                y_grad: Any | None) -> None:
    """Gradients of silu(x) * y; with y None, of x's halves (x_grad gets both)."""
    if y is None:
        half = x.shape[-1] // 2
        x, y = x[..., :half], x[..., half:]
        if x_grad is not None:
            x_grad, y_grad = x_grad[..., :half], x_grad[..., half:]
    t = x.dtype.type
    with quiet(xp):
        s = t(1) / (t(1) + xp.exp(-x))
        if x_grad is not None:
            _store(xp, out_grad * y * s * (t(1) + x * (t(1) - s)), x_grad)
        if y_grad is not None:
            _store(xp, out_grad * x * s, y_grad)
