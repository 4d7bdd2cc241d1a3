"""AdamW with decoupled weight decay, as Paddle's CPU kernel (AdamwDenseKernel) computes it.

With `with_decay` the parameter first decays by the *plain* learning rate:
p' = p - lr * lr_ratio * coeff * p, then takes the Adam step with the bias-corrected rate
lr_t = lr * (sqrt(1 - beta2^t) / (1 - beta1^t)) and epsilon * sqrt(1 - beta2^t).
Paddle's CPU kernel applies `lr_ratio` to the decay only, not to the Adam step (its GPU
kernel scales both); fluidphi follows the CPU kernel. Without `with_decay` (or with
SkipUpdate set) Paddle runs plain Adam: phi.kernels.funcs.optimizer.adam. With amsgrad
the Adam step divides by the running maximum of the second moment, as adam's amsgrad
(written to Moment2MaxOut; Moment2Out stays the new moment). Every step runs in the
parameter's dtype.
"""

from __future__ import annotations

from typing import Any

from phi.kernels.funcs.optimizer import amsgrad_denominator


def adamw_decayed(xp: Any, param: Any, grad: Any, lr: Any, moment1: Any, moment2: Any,
                  beta1_pow: Any, beta2_pow: Any, beta1: float, beta2: float, epsilon: float,
                  lr_ratio: float, coeff: float, param_out: Any, moment1_out: Any,
                  moment2_out: Any, beta1_pow_out: Any | None, beta2_pow_out: Any | None,
                  update_pows: bool = True, moment2_max: Any | None = None,
                  moment2_max_out: Any | None = None) -> None:
    """One AdamW step with decay; reads every input before writing (outputs may alias)."""
    t = param.dtype.type
    b1, b2, eps = t(beta1), t(beta2), t(epsilon)
    p1 = beta1_pow.reshape(-1)[0].astype(param.dtype)
    p2 = beta2_pow.reshape(-1)[0].astype(param.dtype)
    old_lr = lr.reshape(-1)[0].astype(param.dtype)  # stays where lr lives (no host conversion)
    lr_t = old_lr * (xp.sqrt(t(1) - p2) / (t(1) - p1))
    eps_t = eps * xp.sqrt(t(1) - p2)
    decayed = param - old_lr * t(lr_ratio) * t(coeff) * param
    m1 = b1 * moment1 + (t(1) - b1) * grad
    m2 = b2 * moment2 + (t(1) - b2) * grad * grad
    denom = amsgrad_denominator(xp, m2, moment2_max)
    new_param = decayed + (-lr_t) * (m1 / (xp.sqrt(denom) + eps_t))
    if moment2_max_out is not None:
        moment2_max_out[...] = denom
    moment1_out[...] = m1
    moment2_out[...] = m2
    param_out[...] = new_param
    if update_pows:
        if beta1_pow_out is not None:
            beta1_pow_out[...] = b1 * p1
        if beta2_pow_out is not None:
            beta2_pow_out[...] = b2 * p2
