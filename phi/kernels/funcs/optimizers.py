"""Optimizer updates momentum, lamb, rmsprop, adagrad, adadelta, adamax, decayed_adagrad,
ftrl, ... (sgd and adam: optimizer.py), as
Paddle's CPU kernels compute them, shared by the legacy and PHI kernels.

Every update runs in the parameter's dtype (float32 for a float32 parameter, constants
rounded to it first) and reads all of its inputs before it writes an output: a training
program passes the same variable as Param and ParamOut (Velocity and VelocityOut, ...),
so the outputs may alias the inputs. Each function returns the new values; `write_outputs`
stores them.

- momentum: g = grad (+ coeff * param for regularization_method "l2_decay"; any other
  method is none); v' = mu * v + g; param' = param - lr * v', or with Nesterov
  param - lr * (g + mu * v'). Paddle's CPU kernel ignores rescale_grad and a master copy.
- lamb: m1' = b1 m1 + (1 - b1) g, m2' = b2 m2 + (1 - b2) g^2; r = (m1' / (1 - b1^t)) /
  (sqrt(m2' / (1 - b2^t)) + eps) + weight_decay * p; with weight_decay > 0 or always_adapt
  the step is scaled by ||p|| / ||r|| when both norms are positive; p' = p - lr * ratio * r;
  the beta powers advance by b1, b2. With multi_precision p is the master copy.
- rmsprop: ms' = rho ms + (1 - rho) g^2 (centered: mg' = rho mg + (1 - rho) g, and the
  denominator sqrt(ms' - mg'^2 + eps)); mom' = momentum * mom + lr * g / sqrt(ms' + eps);
  p' = p - mom'.
- adagrad: m' = m + g^2; p' = p - lr * g / (sqrt(m') + eps).
- adadelta, adamax, decayed_adagrad, ftrl: their functions' docstrings.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any

import numpy as np

from phi.kernels.funcs import random as random_funcs
from phi.kernels.funcs.common import quiet

#: momentum's regularization_method values (anything else is no regularization)
L2_DECAY = "l2_decay"


def _quiet(update: Callable[..., dict[str, Any]]) -> Callable[..., dict[str, Any]]:
    """Run an update with NumPy's floating-point warnings off (NaN / inf gradients give
    NaN / inf states, as in Paddle)."""
    @functools.wraps(update)
    def run(xp: Any, *args: Any) -> dict[str, Any]:
        with quiet(xp):
            return update(xp, *args)
    return run


def scalar(array: Any, dtype: Any) -> Any:
    """A [1] (or 0-d) tensor's value as a 0-d array of `dtype` (learning rate, beta pow)."""
    return array.reshape(()).astype(dtype)


def flag(array: Any) -> bool:
    """A bool [1] tensor's value (SkipUpdate, StopUpdate), read on the host."""
    return bool(array.reshape(-1)[0])


def write_outputs(values: Mapping[str, Any], outs: Mapping[str, Any | None]) -> None:
    """outs[k][...] = values[k] for every output that is asked for (not None)."""
    for name, out in outs.items():
        if out is not None:
            out[...] = values[name]


class MasterCopy(Enum):
    """What an optimizer's kernel does with the master copy (MasterParam -> MasterParamOut)."""

    #: Param updates from Param; MasterParamOut is not written: a MasterParam named as
    #: MasterParamOut keeps its value, a variable of its own stays uninitialised
    UNWRITTEN = "unwritten"
    #: the update runs on MasterParam: ParamOut (in Param's dtype) and MasterParamOut both
    #: get its result
    UPDATED = "updated"
    #: Param updates from Param and MasterParam takes the same step into MasterParamOut,
    #: which must be MasterParam's own variable (Paddle writes it without allocating it)
    STEPPED = "stepped"


#: Paddle 3.3.1's CPU kernels with multi_precision set, per op type (float32 and float64
#: parameters alike; with multi_precision off every one leaves MasterParamOut unwritten).
#: merged_momentum's per-parameter path (Nesterov, regularization or one learning rate per
#: parameter) runs momentum's kernel: momentum's entry.
CPU_MASTER_COPY: Mapping[str, MasterCopy] = MappingProxyType({
    **dict.fromkeys(("sgd", "adam", "adamw", "merged_adam", "momentum", "lars_momentum",
                     "rmsprop", "adagrad", "adamax", "nadam", "radam", "rprop", "asgd"),
                    MasterCopy.UNWRITTEN),
    **dict.fromkeys(("lamb", "sparse_momentum", "merged_momentum"), MasterCopy.UPDATED),
    "adadelta": MasterCopy.STEPPED,
})


def master_copy(op: str, multi_precision: bool) -> MasterCopy:
    """What `op`'s CPU kernel does with the master copy (`CPU_MASTER_COPY`)."""
    return CPU_MASTER_COPY[op] if multi_precision else MasterCopy.UNWRITTEN


def master_out(op: str, multi_precision: bool, out: Any | None,
               master_param: Any | None = None) -> Any | None:
    """The MasterParamOut tensor `op`'s kernel writes: `out` where it writes it, None where
    Paddle's CPU kernel leaves it unwritten (`CPU_MASTER_COPY`). A STEPPED master copy must
    be written in place (`master_param`'s own tensor).

    Every backend follows the CPU kernels (the emulated and CUDA devices give the CPU's
    results). Paddle's GPU kernels differ: there the update runs on MasterParam for every
    op and writes both ParamOut and MasterParamOut; fluidphi's GPU kernels do not emulate
    that (they did write MasterParamOut = ParamOut, updated from Param, before: right only
    where MasterParam equals Param)."""
    if out is None:
        return None
    how = master_copy(op, multi_precision)
    if how is MasterCopy.STEPPED and out is not master_param:
        raise ValueError(f"{op}: with multi_precision, MasterParamOut must be MasterParam's "
                         "own variable (Paddle's CPU kernel writes the master copy in place)")
    return None if how is MasterCopy.UNWRITTEN else out


@_quiet
def momentum(xp: Any, param: Any, grad: Any, velocity: Any, lr: Any, mu: float,
             use_nesterov: bool, regularization_method: str, regularization_coeff: float
             ) -> dict[str, Any]:
    """{param_out, velocity_out}."""
    t = param.dtype.type
    mu_t = t(mu)
    g = grad
    if regularization_method == L2_DECAY:
        g = param * t(regularization_coeff) + grad
    v = velocity * mu_t + g
    rate = scalar(lr, param.dtype)
    p = param - (g + v * mu_t) * rate if use_nesterov else param - rate * v
    return {"param_out": p, "velocity_out": v}


@_quiet
def lamb(xp: Any, param: Any, grad: Any, lr: Any, moment1: Any, moment2: Any,
         beta1_pow: Any, beta2_pow: Any, weight_decay: float, beta1: float, beta2: float,
         epsilon: float, always_adapt: bool) -> dict[str, Any]:
    """{param_out, moment1_out, moment2_out, beta1_pow_out, beta2_pow_out}; `param` is the
    master copy under multi_precision."""
    t = param.dtype.type
    b1, b2, eps, decay = t(beta1), t(beta2), t(epsilon), t(weight_decay)
    one = t(1)
    m1 = b1 * moment1 + (one - b1) * grad
    m2 = b2 * moment2 + (one - b2) * grad * grad
    m1_hat = m1 / (one - scalar(beta1_pow, param.dtype))
    m2_hat = m2 / (one - scalar(beta2_pow, param.dtype))
    r = m1_hat / (xp.sqrt(m2_hat) + eps) + decay * param
    ratio = one
    if weight_decay > 0 or always_adapt:
        p_norm = xp.sqrt(xp.sum(param * param, dtype=param.dtype))
        r_norm = xp.sqrt(xp.sum(r * r, dtype=param.dtype))
        if p_norm > 0 and r_norm > 0:
            ratio = p_norm / r_norm
    p = param - scalar(lr, param.dtype) * ratio * r
    return {"param_out": p, "master_param_out": p, "moment1_out": m1, "moment2_out": m2,
            "beta1_pow_out": beta1_pow * beta1_pow.dtype.type(beta1),
            "beta2_pow_out": beta2_pow * beta2_pow.dtype.type(beta2)}


def lamb_source(param: Any, master_param: Any | None, multi_precision: bool) -> Any:
    """The values lamb updates: the master copy under multi_precision, else Param."""
    if not multi_precision:
        return param
    if master_param is None:
        raise ValueError("lamb: multi_precision needs the MasterParam input (a float32 copy "
                         "of Param)")
    return master_param


def lamb_unchanged(param: Any, source: Any, moment1: Any, moment2: Any, beta1_pow: Any,
                   beta2_pow: Any) -> dict[str, Any]:
    """lamb's outputs when SkipUpdate is true: every state as it was (Paddle writes nothing,
    and a program's outputs are its inputs' variables)."""
    return {"param_out": param, "moment1_out": moment1, "moment2_out": moment2,
            "beta1_pow_out": beta1_pow, "beta2_pow_out": beta2_pow, "master_param_out": source}


@_quiet
def rmsprop(xp: Any, param: Any, mean_square: Any, grad: Any, moment: Any, lr: Any,
            mean_grad: Any | None, epsilon: float, decay: float, momentum: float,
            centered: bool) -> dict[str, Any]:
    """{param_out, moment_out, mean_square_out, mean_grad_out (centered only)}."""
    t = param.dtype.type
    rho, eps, mom = t(decay), t(epsilon), t(momentum)
    ms = rho * mean_square + (t(1) - rho) * grad * grad
    rate = scalar(lr, param.dtype)
    out: dict[str, Any] = {"mean_square_out": ms}
    if centered:
        if mean_grad is None:
            raise ValueError("rmsprop: centered needs the MeanGrad input")
        mg = rho * mean_grad + (t(1) - rho) * grad
        m = mom * moment + rate * grad / xp.sqrt(ms - mg * mg + eps)
        out["mean_grad_out"] = mg
    else:
        m = mom * moment + rate * grad / xp.sqrt(ms + eps)
    out.update(param_out=param - m, moment_out=m)
    return out


@_quiet
def adagrad(xp: Any, param: Any, grad: Any, moment: Any, lr: Any, epsilon: float
            ) -> dict[str, Any]:
    """{param_out, moment_out}."""
    t = param.dtype.type
    m = moment + grad * grad
    p = param - scalar(lr, param.dtype) * grad / (xp.sqrt(m) + t(epsilon))
    return {"param_out": p, "moment_out": m}


@_quiet
def adadelta(xp: Any, param: Any, grad: Any, avg_squared_grad: Any, avg_squared_update: Any,
             lr: Any, master_param: Any | None, rho: float, epsilon: float,
             multi_precision: bool) -> dict[str, Any]:
    """{param_out, avg_squared_grad_out, avg_squared_update_out, master_param_out}:
    E[g^2]' = rho E[g^2] + (1 - rho) g^2; u = -sqrt(E[du^2] + eps) / sqrt(E[g^2]' + eps) * g;
    E[du^2]' = rho E[du^2] + (1 - rho) u^2; p' = p + lr * u (the master copy likewise under
    multi_precision; Param still updates from Param)."""
    t = param.dtype.type
    r, eps = t(rho), t(epsilon)
    asg = r * avg_squared_grad + (t(1) - r) * grad * grad
    update = -(xp.sqrt(avg_squared_update + eps) / xp.sqrt(asg + eps) * grad)
    step = scalar(lr, param.dtype) * update
    p = param + step
    master = p
    if multi_precision:
        master = need(master_param, "adadelta", "MasterParam", "multi_precision") + step
    return {"param_out": p, "avg_squared_grad_out": asg, "master_param_out": master,
            "avg_squared_update_out": r * avg_squared_update + (t(1) - r) * update * update}


@_quiet
def adamax(xp: Any, param: Any, grad: Any, lr: Any, moment: Any, inf_norm: Any,
           beta1_pow: Any, beta1: float, beta2: float, epsilon: float) -> dict[str, Any]:
    """{param_out, moment_out, inf_norm_out}: m' = b1 m + (1 - b1) g; u' = max(|g|,
    b2 u + eps); p' = p - lr / (1 - beta1^t) * m' / u' (Beta1Pow is not advanced here)."""
    t = param.dtype.type
    b1 = t(beta1)
    m = b1 * moment + (t(1) - b1) * grad
    decayed = t(beta2) * inf_norm + t(epsilon)
    u = xp.where(xp.abs(grad) < decayed, decayed, xp.abs(grad))
    rate = scalar(lr, param.dtype) / (t(1) - scalar(beta1_pow, param.dtype))
    p = param - rate * (m / u)
    return {"param_out": p, "moment_out": m, "inf_norm_out": u, "master_param_out": p}


@_quiet
def decayed_adagrad(xp: Any, param: Any, grad: Any, moment: Any, lr: Any, decay: float,
                    epsilon: float) -> dict[str, Any]:
    """{param_out, moment_out}: m' = decay m + (1 - decay) g^2; p' = p - lr g / (sqrt(m') +
    eps)."""
    t = param.dtype.type
    d = t(decay)
    m = d * moment + (t(1) - d) * grad * grad
    p = param - scalar(lr, param.dtype) * grad / (xp.sqrt(m) + t(epsilon))
    return {"param_out": p, "moment_out": m}


@_quiet
def ftrl(xp: Any, param: Any, squared_accumulator: Any, linear_accumulator: Any, grad: Any,
         lr: Any, l1: float, l2: float, lr_power: float) -> dict[str, Any]:
    """{param_out, squared_accum_out, linear_accum_out}: n' = n + g^2; z' = z + g - (n'^-k -
    n^-k) / lr * p (k = lr_power; sqrt for -0.5); p' = (sign(z') l1 - z') / (n'^-k / lr +
    2 l2) where |z'| > l1, else 0; l1 and l2 carry Paddle's + 1e-10."""
    t = param.dtype.type
    l1_t, l2_t = t(l1) + t(1e-10), t(l2) + t(1e-10)
    rate = scalar(lr, param.dtype)
    n = squared_accumulator + grad * grad

    def power(x: Any) -> Any:
        return xp.sqrt(x) if t(lr_power) == t(-0.5) else xp.power(x, -t(lr_power))

    z = linear_accumulator + grad - (power(n) - power(squared_accumulator)) / rate * param
    shrunk = (l1_t * xp.sign(z) - z) / (power(n) / rate + t(2) * l2_t)
    p = xp.where(xp.abs(z) > l1_t, shrunk, t(0))
    return {"param_out": p, "squared_accum_out": n, "linear_accum_out": z}


def need(array: Any | None, op: str, slot: str, why: str) -> Any:
    """`array`, or a ValueError naming the op and the missing input slot."""
    if array is None:
        raise ValueError(f"{op}: {why} needs the {slot} input")
    return array


@_quiet
def lars_momentum(xp: Any, param: Any, grad: Any, velocity: Any, lr: Any, mu: float,
                  lars_coeff: float, weight_decay: float, epsilon: float,
                  rescale_grad: float) -> dict[str, Any]:
    """{param_out, velocity_out} of one parameter: g = rescale_grad * grad; with
    weight_decay > 0 and both norms positive the rate is lr * lars_coeff * ||p|| / (||g|| +
    weight_decay * ||p|| + eps), else lr; v' = mu v + rate (g + weight_decay p); p' = p - v'.
    """
    t = param.dtype.type
    g = t(rescale_grad) * grad
    decay = t(weight_decay)
    rate = scalar(lr, param.dtype)
    p_norm = xp.sqrt(xp.sum(param * param, dtype=param.dtype))
    g_norm = xp.sqrt(xp.sum(g * g, dtype=param.dtype))
    if weight_decay > 0 and p_norm > 0 and g_norm > 0:
        rate = rate * t(lars_coeff) * p_norm / (g_norm + decay * p_norm + t(epsilon))
    v = velocity * t(mu) + rate * (g + decay * param)
    return {"param_out": param - v, "velocity_out": v, "master_param_out": param - v}


def per_tensor(op: str, values: list[float], count: int, attr: str) -> list[float]:
    """An attribute holding one value per tensor of a list slot (at least `count`)."""
    if len(values) < count:
        raise ValueError(f"{op}: attribute {attr} has {len(values)} value(s) for {count} "
                         "parameters (one per parameter expected)")
    return values[:count]


@_quiet
def nadam(xp: Any, param: Any, grad: Any, lr: Any, momentum_decay_pow: Any, beta2_pow: Any,
          mu_product: Any, moment1: Any, moment2: Any, beta1: float, beta2: float,
          epsilon: float, momentum_decay: float) -> dict[str, Any]:
    """{param_out, momentum_decay_pow_out, beta2_pow_out, mu_product_out, moment1_out,
    moment2_out}: d' = 0.96 d; mu = b1 (1 - 0.5 d'^md), mu1 = b1 (1 - 0.5 d'^md 0.96^md);
    P' = P mu; m1, m2 as Adam's; p' = p - lr (mu1 m1' / (1 - P' mu1) + (1 - mu) g / (1 - P'))
    / (sqrt(m2' / (1 - b2^t)) + eps)."""
    t = param.dtype.type
    b1, b2, md, one = t(beta1), t(beta2), t(momentum_decay), t(1)
    decay_pow = momentum_decay_pow * t(0.96)
    b2_pow = beta2_pow * b2
    half_decay = t(0.5) * xp.power(decay_pow, md)
    mu = b1 * (one - half_decay)
    mu_next = b1 * (one - half_decay * xp.power(t(0.96), md))
    product = mu_product * mu
    m1 = b1 * moment1 + (one - b1) * grad
    m2 = b2 * moment2 + (one - b2) * grad * grad
    m1_hat = (mu_next.reshape(()) * m1 / (one - (product * mu_next).reshape(()))
              + (one - mu.reshape(())) * grad / (one - product.reshape(())))
    m2_hat = m2 / (one - b2_pow.reshape(()))
    p = param - scalar(lr, param.dtype) * m1_hat / (xp.sqrt(m2_hat) + t(epsilon))
    return {"param_out": p, "momentum_decay_pow_out": decay_pow, "beta2_pow_out": b2_pow,
            "mu_product_out": product, "moment1_out": m1, "moment2_out": m2,
            "master_param_out": p}


@_quiet
def radam(xp: Any, param: Any, grad: Any, lr: Any, beta1_pow: Any, beta2_pow: Any, rho: Any,
          moment1: Any, moment2: Any, beta1: float, beta2: float, epsilon: float
          ) -> dict[str, Any]:
    """{param_out, beta1_pow_out, beta2_pow_out, rho_out, moment1_out, moment2_out}: the
    powers advance; rho' = (rho (b2 - b2^t) + b2^t) / (1 - b2^t); rho_t = rho_inf - 2 rho'
    (rho_inf = 2 / (1 - b2) - 1); m1, m2 as Adam's; above rho_t = 5 the step is rectified:
    p' = p - lr m1' / (1 - b1^t) r sqrt(1 - b2^t) / (sqrt(m2') + eps), else p - lr m1' /
    (1 - b1^t)."""
    t = param.dtype.type
    b1, b2, one, two = t(beta1), t(beta2), t(1), t(2)
    rho_inf = two / (one - b2) - one
    b1_pow, b2_pow = beta1_pow * b1, beta2_pow * b2
    rho_out = (rho * (b2 - b2_pow) + b2_pow) / (one - b2_pow)
    m1 = b1 * moment1 + (one - b1) * grad
    m2 = b2 * moment2 + (one - b2) * grad * grad
    m1_hat = m1 / (one - b1_pow.reshape(()))
    rate = scalar(lr, param.dtype)
    rho_t = rho_inf - two * rho_out.reshape(-1)[0]
    if rho_t > t(5):
        l_t = xp.sqrt(one - b2_pow.reshape(())) / (xp.sqrt(m2) + t(epsilon))
        r_t = xp.sqrt((rho_t - t(4)) * (rho_t - two) * rho_inf
                      / ((rho_inf - t(4)) * (rho_inf - two) * rho_t))
        p = param - rate * m1_hat * r_t * l_t
    else:
        p = param - rate * m1_hat
    return {"param_out": p, "beta1_pow_out": b1_pow, "beta2_pow_out": b2_pow, "rho_out": rho_out,
            "moment1_out": m1, "moment2_out": m2, "master_param_out": p}


@_quiet
def rprop(xp: Any, param: Any, grad: Any, prev: Any, lr: Any, learning_rate_range: Any,
          etas: Any) -> dict[str, Any]:
    """{param_out, prev_out, learning_rate_out}, all elementwise (LearningRate is Param's
    shape): where g * prev > 0 the rate grows by etas[1], where < 0 it shrinks by etas[0]
    and g is taken as 0, else (0, or NaN, which Paddle leaves undefined) it stays; the rate
    is clipped to learning_rate_range [min, max]; p' = p - sign(g) rate'; prev' = g."""
    t = param.dtype.type
    product = grad * prev
    eta_neg, eta_pos = etas.reshape(-1)[0], etas.reshape(-1)[1]
    eta = xp.where(product > 0, eta_pos, xp.where(product < 0, eta_neg, t(1)))
    g = xp.where(product < 0, t(0), grad)
    rate = (lr * eta).astype(param.dtype)
    low, high = learning_rate_range.reshape(-1)[0], learning_rate_range.reshape(-1)[1]
    rate = xp.where(rate > high, high, xp.where(rate < low, low, rate))
    p = param - xp.sign(g) * rate
    return {"param_out": p, "prev_out": g, "learning_rate_out": rate, "master_param_out": p}


@_quiet
def asgd(xp: Any, param: Any, grad: Any, lr: Any, d: Any, y: Any, n: Any) -> dict[str, Any]:
    """{param_out, d_out, y_out}: d' = d - y + g (the running sum of the stored gradients
    y); y' = g; p' = p - (lr / n) d' (n, [1], is the number of stored gradients)."""
    d_new = d - y + grad
    p = param - (scalar(lr, param.dtype) / scalar(n, param.dtype)) * d_new
    return {"param_out": p, "d_out": d_new, "y_out": grad, "master_param_out": p}


def merged_update(lr_count: int, use_nesterov: bool, methods: list[str]) -> bool:
    """Whether merged_momentum runs Paddle's merged update (one learning rate, no Nesterov,
    no regularization); otherwise each parameter takes momentum's kernel."""
    return lr_count == 1 and not use_nesterov and not methods


def merged_momentum(xp: Any, params: list[Any], grads: list[Any], velocities: list[Any],
                    lrs: list[Any], mu: float, use_nesterov: bool, methods: list[str],
                    coeffs: list[float], rescale_grad: float) -> list[dict[str, Any]]:
    """momentum over lists of parameters ({param_out, velocity_out, master_param_out} each,
    the last the new parameter), as Paddle's CPU kernel: one learning rate (or one per
    parameter); `methods` / `coeffs` per parameter (or none). The merged update
    (`merged_update`) is v' = mu v + rescale_grad g, p' = p - lr v'; otherwise each
    parameter takes momentum's update, which ignores rescale_grad. `params` are the master
    copies where the merged update runs on them (CPU_MASTER_COPY)."""
    n = len(params)
    check_counts("merged_momentum", n, {"Grad": len(grads), "Velocity": len(velocities)})
    if len(lrs) not in (1, n):
        raise ValueError(f"merged_momentum: {len(lrs)} LearningRate tensors for {n} "
                         "parameters (1 or one per parameter expected)")
    if methods and (len(methods) != n or len(coeffs) != n):
        raise ValueError(f"merged_momentum: regularization_method ({len(methods)}) and "
                         f"regularization_coeff ({len(coeffs)}) must give one value per "
                         f"parameter ({n})")
    merged = merged_update(len(lrs), use_nesterov, methods)
    out = []
    for i, param in enumerate(params):
        grad = grads[i] * param.dtype.type(rescale_grad) if merged else grads[i]
        values = momentum(xp, param, grad, velocities[i],
                          lrs[i if len(lrs) > 1 else 0], mu, use_nesterov,
                          methods[i] if methods else "", coeffs[i] if coeffs else 0.0)
        values["master_param_out"] = values["param_out"]
        out.append(values)
    return out


def check_in_place(op: str, slot: str, inputs: list[Any], outputs: list[Any], n: int) -> None:
    """A ValueError unless output slot `<slot>Out` holds input `slot`'s own tensors, one per
    parameter (Paddle's check where a kernel updates them in place)."""
    if len(inputs) != n or len(outputs) != n or any(o is not i for i, o in zip(inputs, outputs)):
        raise ValueError(f"{op}: {slot} and {slot}Out must be the same variables, one per "
                         f"parameter ({n} parameters; {len(inputs)} {slot}, {len(outputs)} "
                         f"{slot}Out)")


def check_counts(op: str, n: int, counts: Mapping[str, int]) -> None:
    """A ValueError naming the list slots of `op` that do not hold one tensor per parameter."""
    bad = [f"{slot} has {count}" for slot, count in counts.items() if count != n]
    if bad:
        raise ValueError(f"{op}: {', '.join(bad)} tensor(s) for {n} parameters (one per "
                         "parameter expected)")


#: average_accumulates moves sum_1 into sum_2 every this many updates (precision)
MAX_NUM_ACCUMULATES = 16384


def average_accumulates(xp: Any, param: Any, sum_1: Any, sum_2: Any, sum_3: Any,
                        num_accumulates: Any, old_num_accumulates: Any, num_updates: Any,
                        average_window: float, max_average_window: int,
                        min_average_window: int, aliased: tuple[bool, bool]
                        ) -> dict[str, Any]:
    """ModelAverage's running sums: {out_sum_1, out_sum_2, out_sum_3, out_num_accumulates,
    out_old_num_accumulates, out_num_updates}. Both counters advance; sum_1 += param; every
    16384th update sum_2 += sum_1, sum_1 = 0; once num_accumulates reaches min_average_window
    and min(max_average_window, trunc(num_updates * average_window)) (float32 product), sum_3
    = sum_1 + sum_2, both restart at 0 and the window count moves to old_num_accumulates.
    Paddle's kernel reads sum_1 / sum_2 back from its inputs after writing the outputs, so
    where an output is its input's tensor (`aliased`, as ModelAverage's program writes them)
    those reads see the new values; this follows it."""
    if min_average_window > max_average_window:
        raise ValueError(f"average_accumulates: min_average_window ({min_average_window}) > "
                         f"max_average_window ({max_average_window})")
    updates = int(num_updates.reshape(-1)[0]) + 1
    accumulates = int(num_accumulates.reshape(-1)[0]) + 1
    old = int(old_num_accumulates.reshape(-1)[0])
    zero = xp.zeros_like(sum_1)
    out_1, out_2, out_3 = sum_1 + param, sum_2, sum_3
    read_1 = out_1 if aliased[0] else sum_1
    if updates % MAX_NUM_ACCUMULATES == 0:
        out_2 = sum_2 + read_1
        out_1 = zero
        read_1 = out_1 if aliased[0] else sum_1
    window = int(xp.float32(updates) * xp.float32(average_window))
    if accumulates >= min_average_window and accumulates >= min(max_average_window, window):
        out_3 = read_1 + (out_2 if aliased[1] else sum_2)
        out_1, out_2 = zero, zero
        old, accumulates = accumulates, 0
    counter = num_updates.dtype.type
    return {"out_sum_1": out_1, "out_sum_2": out_2, "out_sum_3": out_3,
            "out_num_accumulates": counter(accumulates),
            "out_old_num_accumulates": counter(old), "out_num_updates": counter(updates)}


@_quiet
def sparse_momentum(xp: Any, param: Any, grad: Any, velocity: Any, index: Any, lr: Any,
                    master_param: Any | None, mu: float, axis: int, use_nesterov: bool,
                    regularization_method: str, regularization_coeff: float,
                    multi_precision: bool, rescale_grad: float) -> dict[str, Any]:
    """momentum on a 2-D parameter from the gradient of the rows (axis 0) or columns (axis 1)
    `index` names: the dense gradient sums rescale_grad * grad over repeated indices (indices
    outside the parameter add nothing), then every element takes momentum's update (l2_decay
    and Nesterov as momentum's), from MasterParam under multi_precision."""
    if axis not in (0, 1):
        raise ValueError(f"sparse_momentum: axis must be 0 or 1, got {axis}")
    if param.ndim != 2 or grad.ndim != 2:
        raise ValueError(f"sparse_momentum: Param and Grad must be 2-D, got {param.shape} and "
                         f"{grad.shape}")
    if (index.ndim == 1 and index.shape[0] == 0) or (index.ndim == 2 and index.shape[1] != 1):
        raise ValueError(f"sparse_momentum: Index must be a non-empty [n] or [n, 1] tensor, got "
                         f"{index.shape}")
    source = param
    if multi_precision:
        source = need(master_param, "sparse_momentum", "MasterParam", "multi_precision")
    t = source.dtype.type
    ids = index.reshape(-1).astype(xp.int64)
    keep = (ids >= 0) & (ids < param.shape[axis])
    dense = xp.zeros_like(source)
    scaled = grad.astype(source.dtype) * t(rescale_grad)
    if axis == 0:
        xp.add.at(dense, ids[keep], scaled[keep])
    else:
        xp.add.at(dense.T, ids[keep], scaled.T[keep])
    values = momentum(xp, source, dense, velocity, lr, mu, use_nesterov,
                      regularization_method, regularization_coeff)
    values["master_param_out"] = values["param_out"]
    values["param_out"] = values["param_out"].astype(param.dtype)
    return values


_MINSTD_M = 2147483647  # std::minstd_rand: x' = 48271 x mod (2^31 - 1), values 1 .. m - 1


def _canonical(state: list[int], dtype: Any) -> Any:
    """libstdc++'s generate_canonical<dtype> over std::minstd_rand (advances `state`): one
    draw for float32, two for float64 (30 bits each), as (x - 1) sums over powers of the
    range, below 1."""
    t = np.dtype(dtype).type
    span = t(_MINSTD_M - 1)
    total, scale = t(0), t(1)
    for _ in range(1 if t is np.float32 else 2):
        state[0] = state[0] * 48271 % _MINSTD_M
        total = t(total + t(state[0] - 1) * scale)
        scale = t(scale * span)
    value = t(total / scale)
    return value if value < 1 else np.nextafter(t(1), t(0))


def dpsgd_noise(seed: int, dtype: Any, sigma: float) -> np.float32:
    """The one Gaussian draw (float32, Marsaglia's polar method on std::minstd_rand seeded
    with `seed`) dpsgd adds to every element, times sigma; seed 0 takes a seed from the
    process-wide generator (Paddle: the time)."""
    if seed == 0:
        seed = int(random_funcs.global_generator().integers(1, _MINSTD_M))
    state = [seed % 2 ** 32 % _MINSTD_M or 1]
    f32 = np.float32
    while True:
        v1 = f32(2) * f32(_canonical(state, dtype)) - f32(1)
        v2 = f32(2) * f32(_canonical(state, dtype)) - f32(1)
        s = v1 * v1 + v2 * v2
        if 0 < s < 1:
            break
    x = v1 * f32(np.sqrt(f32(-2) * f32(np.log(s)) / s))
    return f32(x * f32(sigma))


def dpsgd(xp: Any, param: Any, grad: Any, lr: Any, clip: float, batch_size: float,
          sigma: float, seed: int) -> dict[str, Any]:
    """{param_out}: DP-SGD (Abadi et al. 2016) as Paddle's CPU kernel: the gradient is
    divided by ||g|| / clip when its L2 norm (float32) exceeds clip; one Gaussian draw
    (`dpsgd_noise`) over batch_size is added; p' = p - lr (g / scale + noise / batch_size).
    """
    t = param.dtype.type
    norm = np.float32(float(xp.sqrt(xp.sum(grad.astype(xp.float32) ** 2, dtype=xp.float32))))
    scale = norm / np.float32(clip) if norm > np.float32(clip) else np.float32(1)
    noise = dpsgd_noise(seed, param.dtype, sigma)
    step = grad / t(scale) + t(noise) / t(batch_size)
    return {"param_out": param - scalar(lr, param.dtype) * step}
