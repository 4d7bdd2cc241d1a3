"""Optimizer kernels: sgd, adam, momentum, lamb, rmsprop, adagrad and the others. Outputs
are usually their inputs' tensors (param -> param_out): the math (phi.kernels.funcs.optimizer
for sgd / adam, phi.kernels.funcs.optimizers for the others) reads every input before
anything is written."""

from __future__ import annotations

from typing import Any

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import optimizer as sgd_adam_funcs
from phi.kernels.funcs import optimizers as opt_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_BF16


def _alloc(dev_ctx: DeviceContext, out: DenseTensor | None, like: Any) -> Any:
    """`out`'s storage in the dtype of array `like`, or None for an output not asked for."""
    return None if out is None else dev_ctx.alloc(out, DataType.from_numpy(like.dtype))


def _master(dev_ctx: DeviceContext, op: str, multi_precision: bool, out: DenseTensor | None,
            like: Any, master_param: DenseTensor | None = None) -> Any:
    """MasterParamOut's storage where `op`'s kernel writes it (opt_funcs.master_out), else
    None."""
    return _alloc(dev_ctx, opt_funcs.master_out(op, multi_precision, out, master_param), like)


@register_kernel("sgd", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_BF16)
@register_kernel("sgd", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sgd_kernel(dev_ctx: DeviceContext, param: DenseTensor, learning_rate: DenseTensor,
               grad: DenseTensor, master_param: DenseTensor | None, multi_precision: bool,
               param_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    """multi_precision as Paddle's CPU kernel: Param from Param, master_param_out not
    written (opt_funcs.CPU_MASTER_COPY)."""
    p, lr, g = param.data, learning_rate.data, grad.data
    sgd_adam_funcs.sgd(dev_ctx.xp, p, lr, g, dev_ctx.alloc(param_out, param.dtype))


@register_kernel("adam", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("adam", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def adam_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                learning_rate: DenseTensor, moment1: DenseTensor, moment2: DenseTensor,
                moment2_max: DenseTensor | None, beta1_pow: DenseTensor,
                beta2_pow: DenseTensor, master_param: DenseTensor | None,
                skip_update: DenseTensor | None, beta1: Scalar, beta2: Scalar,
                epsilon: Scalar, lazy_mode: bool, min_row_size_to_use_multithread: int,
                multi_precision: bool, use_global_beta_pow: bool, amsgrad: bool,
                param_out: OutTensor, moment1_out: OutTensor, moment2_out: OutTensor,
                moment2_max_out: OptionalOutTensor, beta1_pow_out: OutTensor,
                beta2_pow_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    """multi_precision as Paddle's CPU kernel: Param updates from Param, master_param_out
    is not written (opt_funcs.CPU_MASTER_COPY)."""
    m2_max = sgd_adam_funcs.amsgrad_max("adam", amsgrad, moment2_max, moment2_max_out)
    arrays = [t.data for t in (param, grad, learning_rate, moment1, moment2, beta1_pow,
                               beta2_pow)]
    outs = [dev_ctx.alloc(out, src.dtype)
            for out, src in ((param_out, param), (moment1_out, moment1),
                             (moment2_out, moment2), (beta1_pow_out, beta1_pow),
                             (beta2_pow_out, beta2_pow))]
    max_out = None if m2_max is None else dev_ctx.alloc(moment2_max_out, moment2.dtype)
    if skip_update is not None and bool(skip_update.numpy().reshape(-1)[0]):
        for out, src in zip(outs, (arrays[0], *arrays[3:])):
            out[...] = src
        if max_out is not None:
            max_out[...] = m2_max
    else:
        sgd_adam_funcs.adam(dev_ctx.xp, *arrays, beta1.to(float), beta2.to(float),
                            epsilon.to(float), *outs, update_pows=not use_global_beta_pow,
                            moment2_max=m2_max, moment2_max_out=max_out)
    master = _master(dev_ctx, "adam", multi_precision, master_param_out, param.data)
    if master is not None:
        master[...] = outs[0]


@register_kernel("momentum", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("momentum", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def momentum_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                    velocity: DenseTensor, learning_rate: DenseTensor,
                    master_param: DenseTensor | None, mu: float, use_nesterov: bool,
                    regularization_method: str, regularization_coeff: float,
                    multi_precision: bool, rescale_grad: float, param_out: OutTensor,
                    velocity_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.momentum(dev_ctx.xp, param.data, grad.data, velocity.data,
                                learning_rate.data, mu, use_nesterov, regularization_method,
                                regularization_coeff)
    values["master_param_out"] = values["param_out"]
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "velocity_out": _alloc(dev_ctx, velocity_out, velocity.data),
        "master_param_out": _master(dev_ctx, "momentum", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("lamb", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lamb", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lamb_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                learning_rate: DenseTensor, moment1: DenseTensor, moment2: DenseTensor,
                beta1_pow: DenseTensor, beta2_pow: DenseTensor,
                master_param: DenseTensor | None, skip_update: DenseTensor | None,
                weight_decay: float, beta1: float, beta2: float, epsilon: float,
                always_adapt: bool, multi_precision: bool, param_out: OutTensor,
                moment1_out: OutTensor, moment2_out: OutTensor,
                beta1_pow_out: OptionalOutTensor, beta2_pow_out: OptionalOutTensor,
                master_param_outs: OptionalOutTensor) -> None:
    source = opt_funcs.lamb_source(param.data, None if master_param is None
                                   else master_param.data, multi_precision)
    if skip_update is not None and opt_funcs.flag(skip_update.numpy()):
        values = opt_funcs.lamb_unchanged(param.data, source, moment1.data, moment2.data,
                                          beta1_pow.data, beta2_pow.data)
    else:
        values = opt_funcs.lamb(dev_ctx.xp, source, grad.data, learning_rate.data,
                                moment1.data, moment2.data, beta1_pow.data, beta2_pow.data,
                                weight_decay, beta1, beta2, epsilon, always_adapt)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "moment1_out": _alloc(dev_ctx, moment1_out, moment1.data),
        "moment2_out": _alloc(dev_ctx, moment2_out, moment2.data),
        "beta1_pow_out": _alloc(dev_ctx, beta1_pow_out, beta1_pow.data),
        "beta2_pow_out": _alloc(dev_ctx, beta2_pow_out, beta2_pow.data),
        "master_param_out": _master(dev_ctx, "lamb", multi_precision, master_param_outs,
                                    source)})


@register_kernel("rmsprop", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("rmsprop", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def rmsprop_kernel(dev_ctx: DeviceContext, param: DenseTensor, mean_square: DenseTensor,
                   grad: DenseTensor, moment: DenseTensor, learning_rate: DenseTensor,
                   mean_grad: DenseTensor | None, master_param: DenseTensor | None,
                   epsilon: float, decay: float, momentum: float, centered: bool,
                   multi_precision: bool, param_out: OutTensor, moment_out: OutTensor,
                   mean_square_out: OutTensor, mean_grad_out: OptionalOutTensor,
                   master_param_outs: OptionalOutTensor) -> None:
    values = opt_funcs.rmsprop(dev_ctx.xp, param.data, mean_square.data, grad.data,
                               moment.data, learning_rate.data,
                               None if mean_grad is None else mean_grad.data, epsilon, decay,
                               momentum, centered)
    values["master_param_out"] = values["param_out"]
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "moment_out": _alloc(dev_ctx, moment_out, moment.data),
        "mean_square_out": _alloc(dev_ctx, mean_square_out, mean_square.data),
        "mean_grad_out": _alloc(dev_ctx, mean_grad_out if centered else None, param.data),
        "master_param_out": _master(dev_ctx, "rmsprop", multi_precision, master_param_outs,
                                    param.data)})


@register_kernel("adagrad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("adagrad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def adagrad_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                   moment: DenseTensor, learning_rate: DenseTensor,
                   master_param: DenseTensor | None, epsilon: float, multi_precision: bool,
                   param_out: OutTensor, moment_out: OutTensor,
                   master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.adagrad(dev_ctx.xp, param.data, grad.data, moment.data,
                               learning_rate.data, epsilon)
    values["master_param_out"] = values["param_out"]
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "moment_out": _alloc(dev_ctx, moment_out, moment.data),
        "master_param_out": _master(dev_ctx, "adagrad", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("adadelta", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("adadelta", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def adadelta_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                    avg_squared_grad: DenseTensor, avg_squared_update: DenseTensor,
                    learning_rate: DenseTensor, master_param: DenseTensor | None, rho: float,
                    epsilon: float, multi_precision: bool, param_out: OutTensor,
                    avg_squared_grad_out: OutTensor, avg_squared_update_out: OutTensor,
                    master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.adadelta(dev_ctx.xp, param.data, grad.data, avg_squared_grad.data,
                                avg_squared_update.data, learning_rate.data,
                                None if master_param is None else master_param.data, rho,
                                epsilon, multi_precision)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "avg_squared_grad_out": _alloc(dev_ctx, avg_squared_grad_out, param.data),
        "avg_squared_update_out": _alloc(dev_ctx, avg_squared_update_out, param.data),
        "master_param_out": _master(dev_ctx, "adadelta", multi_precision, master_param_out,
                                    param.data, master_param)})


@register_kernel("adamax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("adamax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def adamax_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                  learning_rate: DenseTensor, moment: DenseTensor, inf_norm: DenseTensor,
                  beta1_pow: DenseTensor, master_param: DenseTensor | None, beta1: float,
                  beta2: float, epsilon: float, multi_precision: bool, param_out: OutTensor,
                  moment_out: OutTensor, inf_norm_out: OutTensor,
                  master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.adamax(dev_ctx.xp, param.data, grad.data, learning_rate.data,
                              moment.data, inf_norm.data, beta1_pow.data, beta1, beta2, epsilon)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "moment_out": _alloc(dev_ctx, moment_out, param.data),
        "inf_norm_out": _alloc(dev_ctx, inf_norm_out, param.data),
        "master_param_out": _master(dev_ctx, "adamax", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("decayed_adagrad", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("decayed_adagrad", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def decayed_adagrad_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                           moment: DenseTensor, learning_rate: DenseTensor, decay: float,
                           epsilon: float, param_out: OutTensor, moment_out: OutTensor) -> None:
    values = opt_funcs.decayed_adagrad(dev_ctx.xp, param.data, grad.data, moment.data,
                                       learning_rate.data, decay, epsilon)
    opt_funcs.write_outputs(values, {"param_out": _alloc(dev_ctx, param_out, param.data),
                                     "moment_out": _alloc(dev_ctx, moment_out, param.data)})


@register_kernel("ftrl", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("ftrl", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def ftrl_kernel(dev_ctx: DeviceContext, param: DenseTensor, squared_accumulator: DenseTensor,
                linear_accumulator: DenseTensor, grad: DenseTensor, learning_rate: DenseTensor,
                l1: float, l2: float, lr_power: float, param_out: OutTensor,
                squared_accum_out: OutTensor, linear_accum_out: OutTensor) -> None:
    values = opt_funcs.ftrl(dev_ctx.xp, param.data, squared_accumulator.data,
                            linear_accumulator.data, grad.data, learning_rate.data, l1, l2,
                            lr_power)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "squared_accum_out": _alloc(dev_ctx, squared_accum_out, param.data),
        "linear_accum_out": _alloc(dev_ctx, linear_accum_out, param.data)})


@register_kernel("lars_momentum", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lars_momentum", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lars_momentum_kernel(dev_ctx: DeviceContext, param: list[DenseTensor],
                         grad: list[DenseTensor], velocity: list[DenseTensor],
                         learning_rate: list[DenseTensor],
                         master_param: list[DenseTensor], mu: float, lars_coeff: float,
                         lars_weight_decay: list[float], epsilon: float,
                         multi_precision: bool, rescale_grad: float,
                         param_out: OutTensorList, velocity_out: OutTensorList,
                         master_param_out: OutTensorList) -> None:
    decays = opt_funcs.per_tensor("lars_momentum", lars_weight_decay, len(param),
                                  "lars_weight_decay")
    for i, p in enumerate(param):
        values = opt_funcs.lars_momentum(dev_ctx.xp, p.data, grad[i].data, velocity[i].data,
                                         learning_rate[i].data, mu, lars_coeff, decays[i],
                                         epsilon, rescale_grad)
        opt_funcs.write_outputs(values, {
            "param_out": _alloc(dev_ctx, param_out[i], p.data),
            "velocity_out": _alloc(dev_ctx, velocity_out[i], p.data),
            "master_param_out": _master(dev_ctx, "lars_momentum", multi_precision,
                                        master_param_out[i] if i < len(master_param_out)
                                        else None, p.data)})


@register_kernel("nadam", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("nadam", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def nadam_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                 learning_rate: DenseTensor, momentum_decay_pow: DenseTensor,
                 beta2_pow: DenseTensor, mu_product: DenseTensor, moment1: DenseTensor,
                 moment2: DenseTensor, master_param: DenseTensor | None, beta1: float,
                 beta2: float, epsilon: float, momentum_decay: float, multi_precision: bool,
                 param_out: OutTensor, momentum_decay_pow_out: OutTensor,
                 beta2_pow_out: OutTensor, mu_product_out: OutTensor, moment1_out: OutTensor,
                 moment2_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.nadam(dev_ctx.xp, param.data, grad.data, learning_rate.data,
                             momentum_decay_pow.data, beta2_pow.data, mu_product.data,
                             moment1.data, moment2.data, beta1, beta2, epsilon, momentum_decay)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "momentum_decay_pow_out": _alloc(dev_ctx, momentum_decay_pow_out, param.data),
        "beta2_pow_out": _alloc(dev_ctx, beta2_pow_out, param.data),
        "mu_product_out": _alloc(dev_ctx, mu_product_out, param.data),
        "moment1_out": _alloc(dev_ctx, moment1_out, param.data),
        "moment2_out": _alloc(dev_ctx, moment2_out, param.data),
        "master_param_out": _master(dev_ctx, "nadam", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("radam", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("radam", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def radam_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                 learning_rate: DenseTensor, beta1_pow: DenseTensor, beta2_pow: DenseTensor,
                 rho: DenseTensor, moment1: DenseTensor, moment2: DenseTensor,
                 master_param: DenseTensor | None, beta1: float, beta2: float, epsilon: float,
                 multi_precision: bool, param_out: OutTensor, beta1_pow_out: OutTensor,
                 beta2_pow_out: OutTensor, rho_out: OutTensor, moment1_out: OutTensor,
                 moment2_out: OutTensor, master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.radam(dev_ctx.xp, param.data, grad.data, learning_rate.data,
                             beta1_pow.data, beta2_pow.data, rho.data, moment1.data,
                             moment2.data, beta1, beta2, epsilon)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "beta1_pow_out": _alloc(dev_ctx, beta1_pow_out, param.data),
        "beta2_pow_out": _alloc(dev_ctx, beta2_pow_out, param.data),
        "rho_out": _alloc(dev_ctx, rho_out, param.data),
        "moment1_out": _alloc(dev_ctx, moment1_out, param.data),
        "moment2_out": _alloc(dev_ctx, moment2_out, param.data),
        "master_param_out": _master(dev_ctx, "radam", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("rprop", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.BFLOAT16, *FLOAT])
@register_kernel("rprop", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.BFLOAT16, *FLOAT])
def rprop_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                 prev: DenseTensor, learning_rate: DenseTensor,
                 master_param: DenseTensor | None, learning_rate_range: DenseTensor,
                 etas: DenseTensor, multi_precision: bool, param_out: OutTensor,
                 prev_out: OutTensor, learning_rate_out: OutTensor,
                 master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.rprop(dev_ctx.xp, param.data, grad.data, prev.data, learning_rate.data,
                             learning_rate_range.data, etas.data)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "prev_out": _alloc(dev_ctx, prev_out, param.data),
        "learning_rate_out": _alloc(dev_ctx, learning_rate_out, param.data),
        "master_param_out": _master(dev_ctx, "rprop", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("asgd", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("asgd", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def asgd_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                learning_rate: DenseTensor, d: DenseTensor, y: DenseTensor, n: DenseTensor,
                master_param: DenseTensor | None, multi_precision: bool, param_out: OutTensor,
                d_out: OutTensor, y_out: OutTensor,
                master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.asgd(dev_ctx.xp, param.data, grad.data, learning_rate.data, d.data,
                            y.data, n.data)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "d_out": _alloc(dev_ctx, d_out, param.data),
        "y_out": _alloc(dev_ctx, y_out, param.data),
        "master_param_out": _master(dev_ctx, "asgd", multi_precision, master_param_out,
                                    param.data)})


@register_kernel("merged_momentum", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("merged_momentum", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def merged_momentum_kernel(dev_ctx: DeviceContext, param: list[DenseTensor],
                           grad: list[DenseTensor], velocity: list[DenseTensor],
                           learning_rate: list[DenseTensor], master_param: list[DenseTensor],
                           mu: float, use_nesterov: bool, regularization_method: list[str],
                           regularization_coeff: list[float], multi_precision: bool,
                           rescale_grad: float, param_out: OutTensorList,
                           velocity_out: OutTensorList,
                           master_param_out: OutTensorList) -> None:
    """multi_precision: MasterParamOut must be MasterParam's tensors; the merged update runs
    on the master copies, momentum's per-parameter one leaves them (opt_funcs.master_out)."""
    merged = opt_funcs.merged_update(len(learning_rate), use_nesterov, regularization_method)
    if multi_precision:
        opt_funcs.check_in_place("merged_momentum", "MasterParam", master_param,
                                 master_param_out, len(param))
    op = "merged_momentum" if merged else "momentum"
    source = master_param if multi_precision and merged else param
    updates = opt_funcs.merged_momentum(
        dev_ctx.xp, [t.data for t in source], [t.data for t in grad],
        [t.data for t in velocity], [t.data for t in learning_rate], mu, use_nesterov,
        regularization_method, regularization_coeff, rescale_grad)
    for i, values in enumerate(updates):
        opt_funcs.write_outputs(values, {
            "param_out": _alloc(dev_ctx, param_out[i], param[i].data),
            "velocity_out": _alloc(dev_ctx, velocity_out[i], param[i].data),
            "master_param_out": _master(dev_ctx, op, multi_precision,
                                        master_param_out[i] if i < len(master_param_out)
                                        else None, source[i].data)})


@register_kernel("merged_adam", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("merged_adam", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def merged_adam_kernel(dev_ctx: DeviceContext, param: list[DenseTensor],
                       grad: list[DenseTensor], learning_rate: list[DenseTensor],
                       moment1: list[DenseTensor], moment2: list[DenseTensor],
                       moment2_max: list[DenseTensor], beta1_pow: list[DenseTensor],
                       beta2_pow: list[DenseTensor], master_param: list[DenseTensor],
                       beta1: float, beta2: float, epsilon: float, multi_precision: bool,
                       use_global_beta_pow: bool, amsgrad: bool, param_out: OutTensorList,
                       moment1_out: OutTensorList, moment2_out: OutTensorList,
                       moment2_max_out: OutTensorList, beta1_pow_out: OutTensorList,
                       beta2_pow_out: OutTensorList, master_param_out: OutTensorList) -> None:
    opt_funcs.check_counts("merged_adam", len(param), {
        "Grad": len(grad), "LearningRate": len(learning_rate), "Moment1": len(moment1),
        "Moment2": len(moment2), "Beta1Pow": len(beta1_pow), "Beta2Pow": len(beta2_pow)})
    for i, p in enumerate(param):
        m2_max = sgd_adam_funcs.amsgrad_max(
            "merged_adam", amsgrad, moment2_max[i] if i < len(moment2_max) else None,
            moment2_max_out[i] if i < len(moment2_max_out) else None)
        arrays = [t.data for t in (p, grad[i], learning_rate[i], moment1[i], moment2[i],
                                   beta1_pow[i], beta2_pow[i])]
        outs = [dev_ctx.alloc(out[i], src.dtype)
                for out, src in ((param_out, p), (moment1_out, moment1[i]),
                                 (moment2_out, moment2[i]), (beta1_pow_out, beta1_pow[i]),
                                 (beta2_pow_out, beta2_pow[i]))]
        sgd_adam_funcs.adam(dev_ctx.xp, *arrays, beta1, beta2, epsilon, *outs,
                            update_pows=not use_global_beta_pow, moment2_max=m2_max,
                            moment2_max_out=None if m2_max is None
                            else dev_ctx.alloc(moment2_max_out[i], p.dtype))
        master = _master(dev_ctx, "merged_adam", multi_precision,
                         master_param_out[i] if i < len(master_param_out) else None, p.data)
        if master is not None:
            master[...] = outs[0]


@register_kernel("average_accumulates", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("average_accumulates", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def average_accumulates_kernel(dev_ctx: DeviceContext, param: DenseTensor,
                               in_sum_1: DenseTensor, in_sum_2: DenseTensor,
                               in_sum_3: DenseTensor, in_num_accumulates: DenseTensor,
                               in_old_num_accumulates: DenseTensor,
                               in_num_updates: DenseTensor, average_window: float,
                               max_average_window: int, min_average_window: int,
                               out_sum_1: OutTensor, out_sum_2: OutTensor,
                               out_sum_3: OutTensor, out_num_accumulates: OutTensor,
                               out_old_num_accumulates: OutTensor,
                               out_num_updates: OutTensor) -> None:
    values = opt_funcs.average_accumulates(
        dev_ctx.xp, param.data, in_sum_1.data, in_sum_2.data, in_sum_3.data,
        in_num_accumulates.data, in_old_num_accumulates.data, in_num_updates.data,
        average_window, max_average_window, min_average_window,
        (out_sum_1 is in_sum_1, out_sum_2 is in_sum_2))
    opt_funcs.write_outputs(values, {
        "out_sum_1": _alloc(dev_ctx, out_sum_1, param.data),
        "out_sum_2": _alloc(dev_ctx, out_sum_2, param.data),
        "out_sum_3": _alloc(dev_ctx, out_sum_3, param.data),
        "out_num_accumulates": _alloc(dev_ctx, out_num_accumulates, in_num_accumulates.data),
        "out_old_num_accumulates": _alloc(dev_ctx, out_old_num_accumulates,
                                          in_old_num_accumulates.data),
        "out_num_updates": _alloc(dev_ctx, out_num_updates, in_num_updates.data)})


@register_kernel("sparse_momentum", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("sparse_momentum", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def sparse_momentum_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                           velocity: DenseTensor, index: DenseTensor,
                           learning_rate: DenseTensor, master_param: DenseTensor | None,
                           mu: float, axis: Scalar, use_nesterov: bool,
                           regularization_method: str, regularization_coeff: float,
                           multi_precision: bool, rescale_grad: float, param_out: OutTensor,
                           velocity_out: OutTensor,
                           master_param_out: OptionalOutTensor) -> None:
    values = opt_funcs.sparse_momentum(
        dev_ctx.xp, param.data, grad.data, velocity.data, index.data, learning_rate.data,
        None if master_param is None else master_param.data, mu, axis.to(int), use_nesterov,
        regularization_method, regularization_coeff, multi_precision, rescale_grad)
    opt_funcs.write_outputs(values, {
        "param_out": _alloc(dev_ctx, param_out, param.data),
        "velocity_out": _alloc(dev_ctx, velocity_out, velocity.data),
        "master_param_out": _master(dev_ctx, "sparse_momentum", multi_precision, master_param_out,
                                    velocity.data)})


@register_kernel("dpsgd", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("dpsgd", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def dpsgd_kernel(dev_ctx: DeviceContext, param: DenseTensor, grad: DenseTensor,
                 learning_rate: DenseTensor, clip: float, batch_size: float, sigma: float,
                 seed: int, param_out: OutTensor) -> None:
    values = opt_funcs.dpsgd(dev_ctx.xp, param.data, grad.data, learning_rate.data, clip,
                             batch_size, sigma, seed)
    opt_funcs.write_outputs(values, {"param_out": _alloc(dev_ctx, param_out, param.data)})
