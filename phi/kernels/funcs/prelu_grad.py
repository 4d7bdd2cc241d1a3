"""PReLU's gradients, shared by the PHI and legacy prelu_grad kernels.

x_grad = out_grad where x > 0, else alpha * out_grad (x == 0 and NaN x take alpha's side,
as Paddle 3.3.1); alpha_grad = the sum of x * out_grad where x <= 0 (NaN x too) over the
elements each alpha value scales (every element in mode "all", a channel in mode
"channel", one position over the batch in mode "element"). Alpha values past those the
forward read (element mode with a longer Alpha) get a zero gradient, as in Paddle.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import quiet
from phi.kernels.funcs.prelu import alpha_shape, check_alpha


def prelu_grad(xp: Any, x: Any, alpha: Any, out_grad: Any, data_format: str, mode: str,
               x_grad: Any | None, alpha_grad: Any | None) -> None:
    check_alpha(x.shape, alpha.shape, mode, data_format)
    shape = alpha_shape(x.shape, mode, data_format)
    used = 1
    for d in shape:
        used *= d
    t = out_grad.dtype.type
    positive = x > 0
    with quiet(xp):
        if x_grad is not None:
            a = alpha.reshape(-1)[:used].reshape(shape).astype(out_grad.dtype, copy=False)
            xp.multiply(out_grad, xp.where(positive, t(1), a), out=x_grad)
        if alpha_grad is not None:
            local = xp.where(positive, t(0), x * out_grad)
            axes = tuple(i for i, d in enumerate(shape) if d == 1)
            summed = xp.sum(local, axis=axes, keepdims=True) if x.ndim else local
            flat = alpha_grad.reshape(-1)
            flat[...] = 0
            flat[:used] = summed.reshape(-1)
