"""InferMeta functions of training ops: losses and optimizer updates."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def cross_entropy_with_softmax_infer_meta(input: MetaTensor, label: MetaTensor,
                                          axis: int, softmax: MetaTensor,
                                          loss: MetaTensor) -> None:
    """softmax like input; loss like input with 1 on the class axis."""
    from phi.kernels.funcs.loss import loss_dims

    softmax.share_meta(input)
    loss.set_dims(loss_dims(input.dims(), axis))
    loss.set_dtype(input.dtype())
    loss.set_layout(input.layout())


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
