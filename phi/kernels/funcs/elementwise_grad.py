"""Gradients of the binary element-wise ops (sub, mul, div, max, min, pow, fmax, fmin,
heaviside, mod), shared by the PHI grad kernels and the legacy `*_grad` kernels.

Each function takes the forward operands, `out_grad` (shaped like the broadcast output)
and fluid's `axis`, computes the local gradient at the broadcast shape and sums it back
to each operand's shape (`elementwise.sum_to`); a gradient passed as None is not asked
for and not computed. The formulas are Paddle 3.3.1's CPU functors, edge values included:

* mul: dx = dout * conj(y), dy = dout * conj(x) (complex: the conjugate convention);
* div: dx = dout / conj(y), dy = -dout * conj(out / y) (from the forward's `out`, not
  x / y^2; conj is the identity on real types); integers: dx = dout / y and dy =
  (-dout * out) / y, each a C integer quotient taken before the broadcast sums;
* max / min: the gradient goes to the operand that was picked; a tie splits it in half
  between both; a NaN on either side sends none to either;
* pow: dx = dout * y * x^(y-1), dy = dout * log(x) * x^y, except that dx is 0 where
  y == 0 and dy is 0 where x == 0 and y >= 0 (Paddle's answer there, not 0 * inf);
  integers compute each term in float64 and round it toward zero; complex:
  conj(dout * y * x^(y-1)) and conj(dout * log(x) * x^y) (`_complex_pow_grad`);
* max / min on integers: a tie's half of the cotangent rounds toward zero;
* mod (x - floor(x / y) * y, the remainder taking y's sign): dx = dout, dy = -dout *
  floor(x / y) (the quotient is locally constant; Paddle 3.3.1's dygraph remainder_grad
  gives the same, its static executor has no kernel for the op); complex (x - y * q, q
  x / y with its parts rounded): dy = -dout * conj(q).

Paddle's maximum_grad, minimum_grad, elementwise_pow_grad and remainder_grad take no
`axis`: they align the operands NumPy-style (trailing dims) whatever axis the forward op
used, which is a wrong gradient (or a broadcast error) when the forward aligned Y elsewhere.
`check_trailing_axis` refuses those programs rather than answer like that.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.elementwise import (
    aligned_shapes,
    complex_pow,
    complex_quotient,
    int_quotient,
    sum_to,
)


def _views(xp: Any, x: Any, y: Any, out_grad: Any, axis: int) -> tuple[Any, Any, Any]:
    """x, y (fluid-aligned, broadcastable to out_grad) and out_grad in the compute dtype."""
    xs, ys, _ = aligned_shapes(x.shape, y.shape, axis)
    ctype = compute_dtype(out_grad.dtype)
    return (x.reshape(xs).astype(ctype, copy=False), y.reshape(ys).astype(ctype, copy=False),
            out_grad.astype(ctype, copy=False))


def _conj(xp: Any, v: Any) -> Any:
    """conj(v) for complex arrays, v itself otherwise (Paddle's complex grad convention)."""
    return xp.conj(v) if np.dtype(v.dtype).kind == "c" else v


def subtract_grad(xp: Any, x: Any, y: Any, out_grad: Any, axis: int, x_grad: Any | None,
                  y_grad: Any | None) -> None:
    """d(x - y): out_grad to x, -out_grad to y, each summed back to its shape."""
    if x_grad is not None:
        sum_to(xp, out_grad, x.shape, axis, x_grad)
    if y_grad is not None:
        sum_to(xp, -out_grad, y.shape, axis, y_grad)


def multiply_grad(xp: Any, x: Any, y: Any, out_grad: Any, axis: int, x_grad: Any | None,
                  y_grad: Any | None) -> None:
    """d(x * y): out_grad * conj(y) to x, out_grad * conj(x) to y."""
    a, b, g = _views(xp, x, y, out_grad, axis)
    with quiet(xp):
        if x_grad is not None:
            sum_to(xp, g * _conj(xp, b), x.shape, axis, x_grad)
        if y_grad is not None:
            sum_to(xp, g * _conj(xp, a), y.shape, axis, y_grad)


def divide_grad(xp: Any, x: Any, y: Any, out: Any, out_grad: Any, axis: int,
                x_grad: Any | None, y_grad: Any | None) -> None:
    """d(x / y): out_grad / conj(y) to x, -out_grad * conj(out / y) to y."""
    _, b, g = _views(xp, x, y, out_grad, axis)
    if np.dtype(g.dtype).kind in "iub":  # bool: C++ arithmetic on 0 / 1, stored as != 0
        _int_divide_grad(xp, x, y, b, out.astype(g.dtype, copy=False), g, axis, x_grad, y_grad)
        return
    with quiet(xp):
        if x_grad is not None:
            sum_to(xp, g / _conj(xp, b), x.shape, axis, x_grad)
        if y_grad is not None:
            o = out.astype(g.dtype, copy=False)
            if np.dtype(g.dtype).kind == "c":
                sum_to(xp, -g * xp.conj(o / b), y.shape, axis, y_grad)
            else:
                sum_to(xp, -g * o / b, y.shape, axis, y_grad)


def _int_divide_grad(xp: Any, x: Any, y: Any, b: Any, o: Any, g: Any, axis: int,
                     x_grad: Any | None, y_grad: Any | None) -> None:
    """Integer d(x / y) in C's integer arithmetic, per element before the sums:
    out_grad / y to x, (-out_grad * out) / y to y (each quotient rounded toward zero; in
    int64, as C promotes the narrow types, stored back wrapping)."""
    b, o, g = (v.astype(np.int64, copy=False) for v in (b, o, g))
    if x_grad is not None:
        sum_to(xp, int_quotient(xp, g, b, "divide_grad"), x.shape, axis, x_grad)
    if y_grad is not None:
        sum_to(xp, int_quotient(xp, -g * o, b, "divide_grad"), y.shape, axis, y_grad)


def _pick_grads(xp: Any, x: Any, y: Any, out_grad: Any, axis: int, x_grad: Any | None,
                y_grad: Any | None, x_wins: Any, y_wins: Any) -> None:
    a, b, g = _views(xp, x, y, out_grad, axis)
    integral = np.dtype(g.dtype).kind in "iu"
    t = np.float64 if integral else g.dtype.type
    with quiet(xp):
        tie = a == b
        for operand, grad, wins in ((x, x_grad, x_wins), (y, y_grad, y_wins)):
            if grad is not None:
                share = xp.where(wins(a, b), t(1), xp.where(tie, t(0.5), t(0)))
                local = g * share
                if integral:  # a tie's half of an odd cotangent rounds toward zero
                    local = xp.trunc(local).astype(np.int64)
                sum_to(xp, local, operand.shape, axis, grad)


def maximum_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                 y_grad: Any | None) -> None:
    """d max(x, y): to the larger operand, half to each on a tie (trailing alignment)."""
    _pick_grads(xp, x, y, out_grad, -1, x_grad, y_grad, lambda a, b: a > b,
                lambda a, b: a < b)


def minimum_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                 y_grad: Any | None) -> None:
    """d min(x, y): to the smaller operand, half to each on a tie (trailing alignment)."""
    _pick_grads(xp, x, y, out_grad, -1, x_grad, y_grad, lambda a, b: a < b,
                lambda a, b: a > b)


def elementwise_pow_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                         y_grad: Any | None) -> None:
    """d x^y (trailing alignment): dout * y * x^(y-1) to x (0 where y == 0), dout * log(x)
    * x^y to y (0 where x == 0 and y >= 0). Integers: each term in float64, rounded
    toward zero before the broadcast sums (Paddle's CPU answer)."""
    a, b, g = _views(xp, x, y, out_grad, -1)
    if np.dtype(g.dtype).kind == "c":
        _complex_pow_grad(xp, x, y, a, b, g, x_grad, y_grad)
        return
    integral = np.dtype(g.dtype).kind in "iu"
    if integral:
        a, b, g = (v.astype(np.float64) for v in (a, b, g))
    t = g.dtype.type

    def term(local: Any) -> Any:
        return xp.trunc(local).astype(np.int64) if integral else local

    with quiet(xp):
        if x_grad is not None:
            local = xp.where(b == 0, t(0), g * b * xp.power(a, b - t(1)))
            sum_to(xp, term(local), x.shape, -1, x_grad)
        if y_grad is not None:
            local = xp.where((a == 0) & (b >= 0), t(0), g * xp.log(a) * xp.power(a, b))
            sum_to(xp, term(local), y.shape, -1, y_grad)


def _complex_pow_grad(xp: Any, x: Any, y: Any, a: Any, b: Any, g: Any, x_grad: Any | None,
                      y_grad: Any | None) -> None:
    """Complex d x^y as Paddle 3.3.1's CPU kernel answers it: conj(dout * y * x^(y-1)) and
    conj(dout * log(x) * x^y), the powers C's cpow (`complex_pow`). That conjugates the
    cotangent too, unlike the convention's dout * conj(f') (docs/training.md); no zero
    cases (0 * inf and 0 / 0 stay NaN)."""
    with quiet(xp):
        if x_grad is not None:
            local = xp.conj(g * b * complex_pow(xp, a, b - 1))
            sum_to(xp, local, x.shape, -1, x_grad)
        if y_grad is not None:
            local = xp.conj(g * xp.log(a) * complex_pow(xp, a, b))
            sum_to(xp, local, y.shape, -1, y_grad)


def _all_to_one(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                y_grad: Any | None, x_takes: Any) -> None:
    """out_grad to x where `x_takes(a, b)` or b is NaN, else to y (NumPy broadcasting)."""
    a, b, g = _views(xp, x, y, out_grad, -1)
    t = g.dtype.type
    with quiet(xp):
        to_x = x_takes(a, b) | xp.isnan(b) if np.dtype(b.dtype).kind in "fc" else x_takes(a, b)
        if x_grad is not None:
            sum_to(xp, xp.where(to_x, g, t(0)), x.shape, -1, x_grad)
        if y_grad is not None:
            sum_to(xp, xp.where(to_x, t(0), g), y.shape, -1, y_grad)


def fmax_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
              y_grad: Any | None) -> None:
    """d fmax(x, y): to x where x >= y or y is NaN, else to y."""
    _all_to_one(xp, x, y, out_grad, x_grad, y_grad, lambda a, b: a >= b)


def fmin_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
              y_grad: Any | None) -> None:
    """d fmin(x, y): to x where x <= y or y is NaN, else to y."""
    _all_to_one(xp, x, y, out_grad, x_grad, y_grad, lambda a, b: a <= b)


def heaviside_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                   y_grad: Any | None) -> None:
    """d heaviside(x, y): 0 to x; out_grad to y where x == 0."""
    a, _, g = _views(xp, x, y, out_grad, -1)
    t = g.dtype.type
    if x_grad is not None:
        x_grad[...] = 0
    if y_grad is not None:
        with quiet(xp):
            sum_to(xp, xp.where(a == 0, g, t(0)), y.shape, -1, y_grad)


def remainder_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                   y_grad: Any | None) -> None:
    """d (x mod y) (trailing alignment): out_grad to x, -out_grad * floor(x / y) to y;
    complex: -out_grad * conj(q) to y, q the forward's rounded quotient
    (`elementwise.complex_quotient`)."""
    a, b, g = _views(xp, x, y, out_grad, -1)
    if x_grad is not None:
        sum_to(xp, g, x.shape, -1, x_grad)
    if y_grad is not None:
        with quiet(xp):
            q = xp.conj(complex_quotient(xp, a, b)) if xp.iscomplexobj(a) else xp.floor(a / b)
            sum_to(xp, -g * q, y.shape, -1, y_grad)


def check_trailing_axis(op_type: str, x_shape: Sequence[int], y_shape: Sequence[int],
                        axis: int) -> None:
    """Refuse a forward `axis` that aligned Y other than NumPy's trailing rule: the grad
    kernels of max, min, pow and mod (Paddle's too) align trailing dims only."""
    if axis == -1 or aligned_shapes(x_shape, y_shape, axis) == _trailing(x_shape, y_shape):
        return
    raise ValueError(
        f"{op_type}: the forward op aligned Y {list(y_shape)} with X {list(x_shape)} at axis "
        f"{axis}, but this gradient (like Paddle 3.3.1's, which ignores axis) aligns trailing "
        f"dims only; Paddle answers a wrong gradient or a broadcast error here. Build the "
        f"program with Y reshaped to X's rank (axis -1) instead")


def _trailing(x_shape: Sequence[int], y_shape: Sequence[int]) -> Any:
    try:
        return aligned_shapes(x_shape, y_shape, -1)
    except ValueError:
        return None
