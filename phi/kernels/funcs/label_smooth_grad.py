"""label_smooth's gradient: x_grad = (1 - epsilon) * out_grad (1 - epsilon in float32, the
attribute's type, as Paddle 3.3.1 computes it); the prior contributes nothing."""

from __future__ import annotations

from typing import Any

import numpy as np

from phi.kernels.funcs.common import quiet


def label_smooth_grad(xp: Any, out_grad: Any, epsilon: float, x_grad: Any) -> None:
    keep = out_grad.dtype.type(np.float32(1) - np.float32(epsilon))
    with quiet(xp):
        xp.multiply(out_grad, keep, out=x_grad)
