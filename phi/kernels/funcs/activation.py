"""Activation functions shared by PHI kernels and legacy fluid kernels.

Conventions (keep them when adding an activation):

* one function per activation, named after the PHI kernel (``relu``, ``sign``, ...),
  with signature ``name(xp, x, <attributes in kernel order>, out)``;
* ``x`` and ``out`` are arrays of the array module ``xp`` (NumPy or CuPy) with the
  same shape and dtype; the result is written into ``out``;
* float16/bfloat16 inputs are computed in float32 (`common.compute_dtype`) and
  rounded once when stored, as Paddle's kernels do with their "MPType"; float
  attributes are cast to that working type first (Paddle's ``static_cast<T>``);
* NaN behaviour follows Paddle's functors and is stated where it matters;
* complex inputs (where Paddle registers them) go to `complex_activation`;
* when x, out and the working type agree (float32/float64), the hot ones (relu, relu6,
  sigmoid, tanh) write into `out` with ufunc ``out=`` and no temporaries; `out` may be `x`
  (in place).

Sections are alphabetical; the ``ACTIVATIONS`` table at the bottom lists them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from phi.kernels.funcs import complex_activation as cx
from phi.kernels.funcs.common import compute_dtype, quiet, typed_scalar


def _work(x: Any) -> Any:
    """`x` in the dtype the math runs in (float32 for float16/bfloat16, else as is)."""
    dt = compute_dtype(x.dtype)
    return x if dt == x.dtype else x.astype(dt)


def _store(xp: Any, value: Any, out: Any) -> None:
    xp.copyto(out, value, casting="unsafe")


def _direct(x: Any, out: Any) -> bool:
    """Whether the math can run in `out` itself (x, out and the working type agree)."""
    return x.dtype == out.dtype and compute_dtype(x.dtype) == x.dtype


# -- celu ---------------------------------------------------------------------


def celu(xp: Any, x: Any, alpha: float, out: Any) -> None:
    """out = alpha * (exp(x / alpha) - 1) where x < 0, else x (NaN and -0.0 pass through)."""
    w = _work(x)
    t = w.dtype.type
    a = t(alpha)
    with quiet(xp):
        _store(xp, xp.where(w < t(0), a * (xp.exp(w / a) - t(1)), w), out)


# -- elu ----------------------------------------------------------------------


def elu(xp: Any, x: Any, alpha: float, out: Any) -> None:
    """out = alpha * (exp(x) - 1) where x < 0, else x; `exp(x) - 1` as Paddle's functor
    writes it (so tiny negative float32 x give +0.0, not x)."""
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        _store(xp, xp.where(w < t(0), t(alpha) * (xp.exp(w) - t(1)), w), out)


# -- hardsigmoid --------------------------------------------------------------


def hardsigmoid(xp: Any, x: Any, slope: float, offset: float, out: Any) -> None:
    """out = clip(slope * x + offset, 0, 1)."""
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        _store(xp, xp.minimum(xp.maximum(w * t(slope) + t(offset), t(0)), t(1)), out)


# -- hardswish ----------------------------------------------------------------


def hardswish(xp: Any, x: Any, threshold: float, scale: float, offset: float,
              out: Any) -> None:
    """out = min(max(x + offset, 0), threshold) * x / scale."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.hardswish(xp, x, threshold, scale, offset), out)
        return
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        gate = xp.minimum(xp.maximum(w + t(offset), t(0)), t(threshold))
        _store(xp, gate * w / t(scale), out)


# -- leaky_relu ---------------------------------------------------------------


def leaky_relu(xp: Any, x: Any, negative_slope: float, out: Any) -> None:
    """out = x where x >= 0, negative_slope * x elsewhere."""
    w = _work(x)
    with quiet(xp):
        _store(xp, xp.where(w >= 0, w, w * w.dtype.type(negative_slope)), out)


# -- logsigmoid ---------------------------------------------------------------


def logsigmoid(xp: Any, x: Any, out: Any) -> None:
    """out = log(sigmoid(x)) = -m - log(exp(-m) + exp(-x - m)) with m = max(-x, 0)."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.logsigmoid(xp, x), out)
        return
    w = _work(x)
    with quiet(xp):
        m = xp.maximum(-w, w.dtype.type(0))
        _store(xp, -m - xp.log(xp.exp(-m) + xp.exp(-w - m)), out)


# -- mish ---------------------------------------------------------------------


def mish(xp: Any, x: Any, threshold: float, out: Any) -> None:
    """out = x * tanh(softplus(x)), softplus(x) = x above `threshold`, else log(1 + exp(x))
    (not log1p: float32 x below about -17 give a zero softplus, as in Paddle)."""
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        soft = xp.where(w > t(threshold), w, xp.log(t(1) + xp.exp(w)))
        _store(xp, w * xp.tanh(soft), out)


# -- relu ---------------------------------------------------------------------


def relu(xp: Any, x: Any, out: Any) -> None:
    """out = x where x > 0, else 0 (NaN -> 0, like Paddle's `x > 0 ? x : 0` functor)."""
    if _direct(x, out):
        xp.fmax(x, typed_scalar(x.dtype, 0), out=out)  # fmax(NaN, 0) = 0, fmax(-0.0, 0) = +0
        return
    with quiet(xp):
        _store(xp, xp.where(x > 0, x, x.dtype.type(0)), out)


def relu_grad(xp: Any, out: Any, out_grad: Any, x_grad: Any) -> None:
    """x_grad = out_grad where out > 0, else 0 (read from the output, as Paddle's)."""
    with quiet(xp):
        _store(xp, xp.where(out > 0, out_grad, out_grad.dtype.type(0)), x_grad)


# -- relu6 --------------------------------------------------------------------


def relu6(xp: Any, x: Any, threshold: float, out: Any) -> None:
    """out = min(max(x, 0), threshold)."""
    if _direct(x, out):
        t = x.dtype.type
        xp.clip(x, t(0), t(threshold), out=out)  # one pass; NaN stays NaN, as below
        return
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        _store(xp, xp.minimum(xp.maximum(w, t(0)), t(threshold)), out)


# -- sigmoid ------------------------------------------------------------------


def sigmoid(xp: Any, x: Any, out: Any) -> None:
    """out = 1 / (1 + exp(-x))."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.sigmoid(xp, x), out)
        return
    w = _work(x)
    one = w.dtype.type(1)
    with quiet(xp):
        if _direct(x, out):
            xp.negative(x, out=out)
            xp.exp(out, out=out)
            xp.add(out, one, out=out)
            xp.divide(one, out, out=out)
            return
        _store(xp, one / (one + xp.exp(-w)), out)


# -- sign ---------------------------------------------------------------------


def sign(xp: Any, x: Any, out: Any) -> None:
    """out = -1, 0 or 1 by the sign of x; NaN stays NaN."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.sign(xp, x), out)
        return
    with quiet(xp):
        _store(xp, xp.sign(_work(x)), out)


# -- silu ---------------------------------------------------------------------


def silu(xp: Any, x: Any, out: Any) -> None:
    """out = x / (1 + exp(-x))."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.silu(xp, x), out)
        return
    w = _work(x)
    one = w.dtype.type(1)
    with quiet(xp):
        _store(xp, w / (one + xp.exp(-w)), out)


# -- softplus -----------------------------------------------------------------


def softplus(xp: Any, x: Any, beta: float, threshold: float, out: Any) -> None:
    """out = x where beta * x > threshold, else log(1 + exp(beta * x)) / beta."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.softplus(xp, x, beta, threshold), out)
        return
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        scaled = w * t(beta)
        _store(xp, xp.where(scaled > t(threshold), w,
                            xp.log(t(1) + xp.exp(scaled)) / t(beta)), out)


# -- swish --------------------------------------------------------------------


def swish(xp: Any, x: Any, beta: float, out: Any) -> None:
    """out = x / (1 + exp(-beta * x))."""
    w = _work(x)
    t = w.dtype.type
    with quiet(xp):
        _store(xp, w / (t(1) + xp.exp(-t(beta) * w)), out)


# -- tanh ---------------------------------------------------------------------


def tanh(xp: Any, x: Any, out: Any) -> None:
    """out = tanh(x)."""
    if cx.is_complex(x):
        with quiet(xp):
            _store(xp, cx.tanh(xp, x), out)
        return
    with quiet(xp):
        if _direct(x, out):
            xp.tanh(x, out=out)
            return
        _store(xp, xp.tanh(_work(x)), out)


#: Activation name -> function, for callers that dispatch by name.
ACTIVATIONS: dict[str, Callable[..., None]] = {
    "celu": celu,
    "elu": elu,
    "hardsigmoid": hardsigmoid,
    "hardswish": hardswish,
    "leaky_relu": leaky_relu,
    "logsigmoid": logsigmoid,
    "mish": mish,
    "relu": relu,
    "relu6": relu6,
    "sigmoid": sigmoid,
    "sign": sign,
    "silu": silu,
    "softplus": softplus,
    "swish": swish,
    "tanh": tanh,
}


def get(name: str) -> Callable[..., None]:
    """The activation function named `name` (a PHI kernel name)."""
    try:
        return ACTIVATIONS[name]
    except KeyError:
        raise LookupError(f"no activation '{name}' in phi.kernels.funcs.activation "
                          f"(has {sorted(ACTIVATIONS)})") from None
