"""Optimizer updates (sgd, adam), written into the output arrays.

They follow Paddle's CPU kernels: the update runs in the parameter's dtype (float32 for a
float32 parameter); Adam scales epsilon by sqrt(1 - beta2^t) and folds the bias
corrections into the learning rate: lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t), then
param -= lr_t * m / (sqrt(v) + epsilon * sqrt(1 - beta2^t)).
"""

from __future__ import annotations

from typing import Any


def sgd(xp: Any, param: Any, lr: Any, grad: Any, param_out: Any) -> None:
    """param_out = param - lr * grad."""
    xp.subtract(param, lr.reshape(()).astype(param.dtype) * grad, out=param_out,
                casting="unsafe")


def adam(xp: Any, param: Any, grad: Any, lr: Any, moment1: Any, moment2: Any,
         beta1_pow: Any, beta2_pow: Any, beta1: float, beta2: float, epsilon: float,
         param_out: Any, moment1_out: Any, moment2_out: Any, beta1_pow_out: Any | None,
         beta2_pow_out: Any | None, update_pows: bool = True) -> None:
    t = param.dtype.type
    b1, b2, eps = t(beta1), t(beta2), t(epsilon)
    p1 = beta1_pow.reshape(()).astype(param.dtype)
    p2 = beta2_pow.reshape(()).astype(param.dtype)
    m1 = b1 * moment1 + (t(1) - b1) * grad
    m2 = b2 * moment2 + (t(1) - b2) * grad * grad
    lr_t = lr.reshape(()).astype(param.dtype) * xp.sqrt(t(1) - p2) / (t(1) - p1)
    update = lr_t * (m1 / (xp.sqrt(m2) + eps * xp.sqrt(t(1) - p2)))
    moment1_out[...] = m1
    moment2_out[...] = m2
    param_out[...] = param - update
    if update_pows:
        if beta1_pow_out is not None:
            beta1_pow_out[...] = beta1_pow * beta1_pow.dtype.type(beta1)
        if beta2_pow_out is not None:
            beta2_pow_out[...] = beta2_pow * beta2_pow.dtype.type(beta2)
