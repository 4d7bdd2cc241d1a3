"""Gradients of atan2, copysign and lerp, shared by the PHI and legacy grad kernels, as
Paddle 3.3.1's CPU kernels compute them:

* atan2: x1_grad = out_grad * x2 / (x1^2 + x2^2), x2_grad = -out_grad * x1 / (x1^2 + x2^2)
  (NaN at (0, 0) and where both squares are infinite); X2 is read flat like the forward
  reads it: its values past numel(X1) get a zero gradient. float16 computes in float32.
* copysign: x_grad = x itself where x == 0 (keeping the zero's sign), else out_grad *
  (copysign(x, y) / x) (so NaN for an infinite or NaN x); y_grad = 0. x_grad is summed back
  to x's dims over the dims the forward broadcast (NumPy's trailing alignment).
* lerp (out = x + weight * (y - x)): x_grad = out_grad * (1 - weight), y_grad = out_grad *
  weight, each summed back to its operand's dims; weight gets no gradient (Paddle's
  lerp_grad writes none).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.binary_math import copysign
from phi.kernels.funcs.common import compute_dtype, quiet
from phi.kernels.funcs.elementwise import sum_to


def atan2_grad(xp: Any, x1: Any, x2: Any, out_grad: Any, x1_grad: Any | None,
               x2_grad: Any | None) -> None:
    ctype = compute_dtype(out_grad.dtype)
    a = x1.reshape(-1).astype(ctype, copy=False)
    b = x2.reshape(-1)[: a.size].astype(ctype, copy=False)
    g = out_grad.reshape(-1).astype(ctype, copy=False)
    with quiet(xp):
        norm = a * a + b * b
        if x1_grad is not None:
            xp.copyto(x1_grad.reshape(-1), g * b / norm, casting="unsafe")
        if x2_grad is not None:
            flat = x2_grad.reshape(-1)
            flat[a.size:] = 0
            xp.copyto(flat[: a.size], -g * a / norm, casting="unsafe")


def copysign_grad(xp: Any, x: Any, y: Any, out_grad: Any, x_grad: Any | None,
                  y_grad: Any | None) -> None:
    if y_grad is not None:
        y_grad[...] = 0
    if x_grad is None:
        return
    shape = np.broadcast_shapes(x.shape, y.shape)
    signed = xp.empty(shape, x.dtype)
    copysign(xp, xp.broadcast_to(x, shape), y, signed)
    with quiet(xp):
        if np.dtype(x.dtype).kind in "biu":
            ratio = xp.where(signed == x, 1, -1).astype(out_grad.dtype)
        else:
            ctype = compute_dtype(x.dtype)
            ratio = signed.astype(ctype, copy=False) / x.astype(ctype, copy=False)
        local = xp.where(x == 0, x.astype(ratio.dtype, copy=False), out_grad * ratio)
        sum_to(xp, local.astype(x_grad.dtype, copy=False), x.shape, -1, x_grad)


def lerp_grad(xp: Any, weight: Any, out_grad: Any, x_shape: tuple[int, ...],
              y_shape: tuple[int, ...], x_grad: Any | None, y_grad: Any | None) -> None:
    w = weight.astype(out_grad.dtype, copy=False)
    t = out_grad.dtype.type
    with quiet(xp):
        if x_grad is not None:
            sum_to(xp, xp.broadcast_to(out_grad * (t(1) - w), out_grad.shape), x_shape, -1,
                   x_grad)
        if y_grad is not None:
            sum_to(xp, xp.broadcast_to(out_grad * w, out_grad.shape), y_shape, -1, y_grad)
