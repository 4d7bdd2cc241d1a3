"""Optimizer updates (sgd, adam), written into the output arrays.

They follow Paddle's CPU kernels: the update runs in the parameter's dtype (float32 for a
float32 parameter); Adam scales epsilon by sqrt(1 - beta2^t) and folds the bias
corrections into the learning rate: lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t), then
param -= lr_t * m / (sqrt(v) + epsilon * sqrt(1 - beta2^t)). With amsgrad v is the running
maximum max(Moment2Max, v') (a NaN v' keeps the old maximum; written to Moment2MaxOut);
Moment2Out stays v'.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.common import quiet


def amsgrad_max(op: str, amsgrad: bool, moment2_max: Any | None,
                moment2_max_out: Any | None) -> Any | None:  # (adam, merged_adam)
    """The Moment2Max array adam reads under amsgrad (None without amsgrad); amsgrad needs
    both the Moment2Max input and the Moment2MaxOut output (tensors with `.data`)."""
    if not amsgrad:
        return None
    if moment2_max is None or moment2_max_out is None:
        raise ValueError(f"{op}: amsgrad needs the Moment2Max input and the Moment2MaxOut "
                         "output (the running maximum of Moment2)")
    return moment2_max.data


def amsgrad_denominator(xp: Any, moment2: Any, moment2_max: Any | None) -> Any:
    """The second moment adam / adamw divide by: the new moment, or under amsgrad
    std::max(Moment2Max, moment) (a NaN moment keeps the old maximum)."""
    return moment2 if moment2_max is None else xp.where(moment2_max < moment2, moment2,
                                                        moment2_max)


def sgd(xp: Any, param: Any, lr: Any, grad: Any, param_out: Any) -> None:
    """param_out = param - lr * grad in param's dtype (lr cast to it; for bfloat16 the
    product and the difference are each rounded, as Paddle's CPU kernel)."""
    with quiet(xp):  # NaN / inf gradients (and 0 * inf) give NaN / inf, as in Paddle
        xp.subtract(param, lr.reshape(()).astype(param.dtype) * grad, out=param_out,
                    casting="unsafe")


def adam(xp: Any, param: Any, grad: Any, lr: Any, moment1: Any, moment2: Any,
         beta1_pow: Any, beta2_pow: Any, beta1: float, beta2: float, epsilon: float,
         param_out: Any, moment1_out: Any, moment2_out: Any, beta1_pow_out: Any | None,
         beta2_pow_out: Any | None, update_pows: bool = True, moment2_max: Any | None = None,
         moment2_max_out: Any | None = None) -> None:
    with quiet(xp):  # NaN / inf gradients give NaN / inf states, as in Paddle
        t = param.dtype.type
        b1, b2, eps = t(beta1), t(beta2), t(epsilon)
        p1 = beta1_pow.reshape(()).astype(param.dtype)
        p2 = beta2_pow.reshape(()).astype(param.dtype)
        m1 = b1 * moment1 + (t(1) - b1) * grad
        m2 = b2 * moment2 + (t(1) - b2) * grad * grad
        lr_t = lr.reshape(()).astype(param.dtype) * xp.sqrt(t(1) - p2) / (t(1) - p1)
        denom = amsgrad_denominator(xp, m2, moment2_max)
        update = lr_t * (m1 / (xp.sqrt(denom) + eps * xp.sqrt(t(1) - p2)))
        if moment2_max_out is not None:
            moment2_max_out[...] = denom
        moment1_out[...] = m1
        moment2_out[...] = m2
        param_out[...] = param - update
        if update_pows:
            if beta1_pow_out is not None:
                beta1_pow_out[...] = beta1_pow * beta1_pow.dtype.type(beta1)
            if beta2_pow_out is not None:
                beta2_pow_out[...] = beta2_pow * beta2_pow.dtype.type(beta2)
