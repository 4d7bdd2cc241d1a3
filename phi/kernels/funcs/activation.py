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

More activations shared by PHI kernels and legacy fluid kernels: logit, softsign, selu,
hardtanh (fluid's brelu), stanh, tanh_shrink, hardshrink, softshrink, thresholded_relu,
maxout and swiglu (silu(x) * y = x / (1 + exp(-x)) * y; without y the last axis of x is
halved into x and y; so silu(-inf) is NaN and silu(-800) -0.0, as Paddle's).

Conventions as in `activation.py`: ``name(xp, x, <attributes in kernel order>, out)``
writes into `out`; the math runs in x's own type with float attributes cast to it first
(Paddle's ``static_cast<T>``). Where Paddle's functor multiplies by a 0/1 mask instead of
selecting, so does the function here: a masked-out inf gives NaN (0 * inf), a masked-out
negative value gives -0.0, exactly as Paddle's outputs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

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


def relu_zero(x: Any, out: Any) -> Any | None:
    """The zero `relu` compares with in `out` itself (x, out and the working type agree:
    out = fmax(x, zero)), else None."""
    return typed_scalar(x.dtype, 0) if _direct(x, out) else None


def relu(xp: Any, x: Any, out: Any) -> None:
    """out = x where x > 0, else 0 (NaN -> 0, like Paddle's `x > 0 ? x : 0` functor)."""
    zero = relu_zero(x, out)
    if zero is not None:
        xp.fmax(x, zero, out=out)  # fmax(NaN, 0) = 0, fmax(-0.0, 0) = +0
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


#: C's FLT_MAX: maxout's running max starts at -FLT_MAX (for float64 too).
FLT_MAX = float(np.finfo(np.float32).max)




def _mask(cond: Any, t: type) -> Any:
    """A 0/1 array of type `t` (Eigen's ``cond.template cast<T>()``)."""
    return cond.astype(t)


# -- logit --------------------------------------------------------------------


def logit(xp: Any, x: Any, eps: float, out: Any) -> None:
    """out = log(p / (1 - p)) with p = x clamped to [eps, 1 - eps]; with eps == 0, NaN
    where x < 0 or x > 1 (then 0 gives -inf and 1 gives inf). NaN stays NaN."""
    t = x.dtype.type
    with quiet(xp):
        p = xp.maximum(xp.minimum(x, t(1.0 - eps)), t(eps))
        value = xp.log(p / (t(1) - p))
        if eps == 0:
            value = xp.where((x < t(0)) | (x > t(1)), t(np.nan), value)
        _store(xp, value, out)


# -- softsign -----------------------------------------------------------------


def softsign(xp: Any, x: Any, out: Any) -> None:
    """out = x / (1 + |x|) (|x| the modulus for complex x)."""
    with quiet(xp):
        _store(xp, x / (xp.abs(x) + xp.abs(x).dtype.type(1)), out)


# -- selu ---------------------------------------------------------------------


def selu(xp: Any, x: Any, scale: float, alpha: float, out: Any) -> None:
    """out = scale * x for x > 0, scale * (alpha * exp(x) - alpha) for x <= 0 (NaN stays
    NaN); the float attributes enter as float32 values, as in Paddle's functor."""
    t = x.dtype.type
    a, s = t(np.float32(alpha)), t(np.float32(scale))
    with quiet(xp):
        _store(xp, s * xp.where(x <= t(0), a * xp.exp(x) - a, x), out)


# -- hardtanh (brelu) ---------------------------------------------------------


def hardtanh(xp: Any, x: Any, t_min: float, t_max: float, out: Any) -> None:
    """out = min(max(x, t_min), t_max): NaN stays NaN, -0.0 stays -0.0 (x is kept when it
    ties t_min), and t_min > t_max gives t_max everywhere but at NaN."""
    t = x.dtype.type
    lo, hi = t(t_min), t(t_max)
    with quiet(xp):
        clipped = xp.where(x < lo, lo, x)
        _store(xp, xp.where(clipped > hi, hi, clipped), out)


# -- stanh --------------------------------------------------------------------


def stanh(xp: Any, x: Any, scale_a: float, scale_b: float, out: Any) -> None:
    """out = scale_b * tanh(scale_a * x)."""
    t = np.dtype(x.dtype).type
    with quiet(xp):
        _store(xp, t(scale_b) * xp.tanh(t(scale_a) * x), out)


# -- tanh_shrink --------------------------------------------------------------


def tanh_shrink(xp: Any, x: Any, out: Any) -> None:
    """out = x - tanh(x) (inf - 1 is inf)."""
    with quiet(xp):
        _store(xp, x - xp.tanh(x), out)


# -- hardshrink ---------------------------------------------------------------


def hardshrink(xp: Any, x: Any, threshold: float, out: Any) -> None:
    """out = x * (x <= -threshold or x >= threshold): the bounds themselves are kept;
    a shrunk negative x gives -0.0."""
    t = x.dtype.type
    keep = (x <= t(threshold * -1.0)) | (x >= t(threshold))
    with quiet(xp):
        _store(xp, x * _mask(keep, t), out)


# -- softshrink ---------------------------------------------------------------


def softshrink(xp: Any, x: Any, lambda_: float, out: Any) -> None:
    """out = (x > l) * (x - l) + (x < -l) * (x + l): +-inf give NaN (0 * inf)."""
    t = x.dtype.type
    lam = t(lambda_)
    with quiet(xp):
        _store(xp, _mask(x > lam, t) * (x - lam) + _mask(x < -lam, t) * (x + lam), out)


# -- thresholded_relu ---------------------------------------------------------


def thresholded_relu(xp: Any, x: Any, threshold: float, value: float, out: Any) -> None:
    """out = (x > threshold) * x + (x <= threshold) * value: -inf gives NaN (0 * -inf);
    an infinite `value` makes the kept elements NaN too."""
    t = x.dtype.type
    th = t(threshold)
    with quiet(xp):
        _store(xp, _mask(x > th, t) * x + _mask(x <= th, t) * t(value), out)


# -- maxout -------------------------------------------------------------------


def maxout_axis(axis: int) -> int:
    """The channel axis of maxout's 4-D input (1: NCHW; 3 or -1: NHWC)."""
    if axis not in (1, -1, 3):
        raise ValueError(f"maxout: axis must be 1, -1 or 3 (the channel dim of a 4-D input), "
                         f"got {axis}")
    return 3 if axis == -1 else axis


def maxout_dims(x_dims: tuple[int, ...], groups: int, axis: int) -> tuple[int, ...]:
    """Out's dims: x's with the channel dim divided by `groups` (checked as Paddle does)."""
    axis = maxout_axis(axis)
    if len(x_dims) != 4:
        raise ValueError(f"maxout: X must be 4-D (NCHW or NHWC), got dims {list(x_dims)}")
    if groups <= 1:
        raise ValueError(f"maxout: groups must be greater than 1, got {groups}")
    channels = x_dims[axis]
    if channels >= 0 and channels % groups:
        raise ValueError(f"maxout: the {channels} channels of X (dims {list(x_dims)}) are not "
                         f"divisible by groups={groups}")
    dims = list(x_dims)
    dims[axis] = channels // groups if channels >= 0 else channels
    return tuple(dims)


def maxout(xp: Any, x: Any, groups: int, axis: int, out: Any) -> None:
    """out[.., c, ..] = max of channels c * groups .. c * groups + groups - 1, taken as
    Paddle's loop does: `m = m > v ? m : v` from m = -FLT_MAX. So a NaN counts only when
    it is the group's last element, and a group of -inf gives -FLT_MAX."""
    axis = maxout_axis(axis)
    shape = list(out.shape)
    shape.insert(axis + 1, groups)  # channel c*groups+g -> (c, g)
    parts = x.reshape(shape)
    t = x.dtype.type
    running = xp.full(out.shape, t(-FLT_MAX), dtype=x.dtype)
    with quiet(xp):
        for g in range(groups):
            part = xp.take(parts, g, axis=axis + 1)
            running = xp.where(running > part, running, part)
    _store(xp, running, out)


# -- swiglu -------------------------------------------------------------------


def swiglu_out_dims(x_dims: tuple[int, ...], y_dims: tuple[int, ...] | None) -> tuple[int, ...]:
    """y's dims must be x's; without y, x's last dim is halved."""
    if y_dims is not None:
        if tuple(x_dims) != tuple(y_dims):
            raise ValueError(f"swiglu: The shape of Input(X) should be equal of the shape of "
                             f"Input(Y), got {list(x_dims)} and {list(y_dims)}")
        return tuple(x_dims)
    if len(x_dims) == 0 or x_dims[-1] % 2:
        raise ValueError(f"swiglu: The last dim of Input(X) should be exactly divided by 2, "
                         f"got {list(x_dims)}")
    return (*x_dims[:-1], x_dims[-1] // 2)


def swiglu(xp: Any, x: Any, y: Any | None, out: Any) -> None:
    """out = x / (1 + exp(-x)) * y (y: the second half of x's last axis when None)."""
    if y is None:
        half = x.shape[-1] // 2
        x, y = x[..., :half], x[..., half:]
    with quiet(xp):
        _store(xp, x / (1 + xp.exp(-x)) * y, out)
