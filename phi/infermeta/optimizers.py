"""InferMeta of the optimizer updates (sgd, adam, momentum, lamb, rmsprop, adagrad, adadelta,
adamax, ftrl, ...): every output is shaped like the state it replaces (param_out like param,
velocity_out like velocity, ...)."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def _like(pairs: tuple[tuple[MetaTensor, MetaTensor], ...]) -> None:
    for src, dst in pairs:
        if dst and src:
            dst.share_meta(src)


def momentum_infer_meta(param: MetaTensor, velocity: MetaTensor, master_param: MetaTensor,
                        param_out: MetaTensor, velocity_out: MetaTensor,
                        master_param_out: MetaTensor) -> None:
    _like(((param, param_out), (velocity, velocity_out), (param, master_param_out)))


def lamb_infer_meta(param: MetaTensor, moment1: MetaTensor, moment2: MetaTensor,
                    beta1_pow: MetaTensor, beta2_pow: MetaTensor, master_param: MetaTensor,
                    param_out: MetaTensor, moment1_out: MetaTensor, moment2_out: MetaTensor,
                    beta1_pow_out: MetaTensor, beta2_pow_out: MetaTensor,
                    master_param_outs: MetaTensor) -> None:
    _like(((param, param_out), (moment1, moment1_out), (moment2, moment2_out),
           (beta1_pow, beta1_pow_out), (beta2_pow, beta2_pow_out),
           (master_param or param, master_param_outs)))


def rmsprop_infer_meta(param: MetaTensor, mean_square: MetaTensor, moment: MetaTensor,
                       param_out: MetaTensor, moment_out: MetaTensor,
                       mean_square_out: MetaTensor, mean_grad_out: MetaTensor,
                       master_param_outs: MetaTensor) -> None:
    _like(((param, param_out), (moment, moment_out), (mean_square, mean_square_out),
           (param, mean_grad_out), (param, master_param_outs)))


def adagrad_infer_meta(param: MetaTensor, moment: MetaTensor, param_out: MetaTensor,
                       moment_out: MetaTensor, master_param_out: MetaTensor | None = None
                       ) -> None:
    """adagrad and decayed_adagrad (which has no master copy)."""
    _like(((param, param_out), (moment, moment_out), (param, master_param_out)))


def adadelta_infer_meta(param: MetaTensor, avg_squared_grad: MetaTensor,
                        avg_squared_update: MetaTensor, master_param: MetaTensor,
                        param_out: MetaTensor, avg_squared_grad_out: MetaTensor,
                        avg_squared_update_out: MetaTensor,
                        master_param_out: MetaTensor) -> None:
    _like(((param, param_out), (avg_squared_grad, avg_squared_grad_out),
           (avg_squared_update, avg_squared_update_out),
           (master_param or param, master_param_out)))


def adamax_infer_meta(param: MetaTensor, moment: MetaTensor, inf_norm: MetaTensor,
                      param_out: MetaTensor, moment_out: MetaTensor, inf_norm_out: MetaTensor,
                      master_param_out: MetaTensor) -> None:
    """adamax; rprop (prev, learning_rate) and asgd (d, y) by their yaml `param` lists: two
    states beside param, each output like its state, master_param_out like param."""
    _like(((param, param_out), (moment, moment_out), (inf_norm, inf_norm_out),
           (param, master_param_out)))


def ftrl_infer_meta(param: MetaTensor, squared_accumulator: MetaTensor,
                    linear_accumulator: MetaTensor, param_out: MetaTensor,
                    squared_accum_out: MetaTensor, linear_accum_out: MetaTensor) -> None:
    _like(((param, param_out), (squared_accumulator, squared_accum_out),
           (linear_accumulator, linear_accum_out)))


def lars_momentum_infer_meta(param: list[MetaTensor], velocity: list[MetaTensor],
                             param_out: list[MetaTensor], velocity_out: list[MetaTensor],
                             master_param_out: list[MetaTensor] | None = None) -> None:
    """lars_momentum and merged_momentum."""
    _like((*zip(param, param_out), *zip(velocity, velocity_out),
           *zip(param, master_param_out or [])))


def nadam_infer_meta(param: MetaTensor, momentum_decay_pow: MetaTensor, beta2_pow: MetaTensor,
                     mu_product: MetaTensor, moment1: MetaTensor, moment2: MetaTensor,
                     param_out: MetaTensor, momentum_decay_pow_out: MetaTensor,
                     beta2_pow_out: MetaTensor, mu_product_out: MetaTensor,
                     moment1_out: MetaTensor, moment2_out: MetaTensor,
                     master_param_out: MetaTensor) -> None:
    """nadam; radam (beta1_pow, beta2_pow, rho, moment1, moment2) by its yaml `param` list."""
    _like(((param, param_out), (momentum_decay_pow, momentum_decay_pow_out),
           (beta2_pow, beta2_pow_out), (mu_product, mu_product_out), (moment1, moment1_out),
           (moment2, moment2_out), (param, master_param_out)))


def merged_adam_infer_meta(param: list[MetaTensor], moment1: list[MetaTensor],
                           moment2: list[MetaTensor], beta1_pow: list[MetaTensor],
                           beta2_pow: list[MetaTensor], param_out: list[MetaTensor],
                           moment1_out: list[MetaTensor], moment2_out: list[MetaTensor],
                           moment2_max_out: list[MetaTensor], beta1_pow_out: list[MetaTensor],
                           beta2_pow_out: list[MetaTensor],
                           master_param_out: list[MetaTensor]) -> None:
    _like((*zip(param, param_out), *zip(moment1, moment1_out), *zip(moment2, moment2_out),
           *zip(moment2, moment2_max_out or []), *zip(beta1_pow, beta1_pow_out),
           *zip(beta2_pow, beta2_pow_out), *zip(param, master_param_out or [])))


def average_accumulates_infer_meta(param: MetaTensor, in_sum_1: MetaTensor,
                                   in_sum_2: MetaTensor, in_sum_3: MetaTensor,
                                   in_num_accumulates: MetaTensor,
                                   in_old_num_accumulates: MetaTensor,
                                   in_num_updates: MetaTensor, out_sum_1: MetaTensor,
                                   out_sum_2: MetaTensor, out_sum_3: MetaTensor,
                                   out_num_accumulates: MetaTensor,
                                   out_old_num_accumulates: MetaTensor,
                                   out_num_updates: MetaTensor) -> None:
    _like(((in_sum_1, out_sum_1), (in_sum_2, out_sum_2), (in_sum_3, out_sum_3),
           (in_num_accumulates, out_num_accumulates),
           (in_old_num_accumulates, out_old_num_accumulates), (in_num_updates, out_num_updates)))


def sgd_infer_meta(param: MetaTensor, master_param: MetaTensor, param_out: MetaTensor,
                   master_param_out: MetaTensor) -> None:
    """An in-place update: each output is shaped like the state it replaces."""
    param_out.share_meta(param)
    if master_param_out and master_param:
        master_param_out.share_meta(master_param)



def adam_infer_meta(param: MetaTensor, moment1: MetaTensor, moment2: MetaTensor,
                    beta1_pow: MetaTensor, beta2_pow: MetaTensor, param_out: MetaTensor,
                    moment1_out: MetaTensor, moment2_out: MetaTensor,
                    beta1_pow_out: MetaTensor, beta2_pow_out: MetaTensor,
                    moment2_max_out: MetaTensor | None = None,
                    master_param_out: MetaTensor | None = None) -> None:
    for src, dst in ((param, param_out), (moment1, moment1_out), (moment2, moment2_out),
                     (beta1_pow, beta1_pow_out), (beta2_pow, beta2_pow_out),
                     (moment2, moment2_max_out), (param, master_param_out)):
        if dst:
            dst.share_meta(src)
