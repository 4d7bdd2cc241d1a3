"""InferMeta of rnn_grad: each gradient like what it is the gradient of."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def rnn_grad_infer_meta(x: MetaTensor, pre_state: list[MetaTensor],
                        weight_list: list[MetaTensor], x_grad: MetaTensor,
                        pre_state_grad: list[MetaTensor],
                        weight_list_grad: list[MetaTensor]) -> None:
    """x_grad like x; pre_state_grad[i] like pre_state[i]; weight_list_grad[i] like
    weight_list[i] (lists not asked for are empty)."""
    if x_grad:
        x_grad.share_meta(x)
    for grads, sources in ((pre_state_grad, pre_state), (weight_list_grad, weight_list)):
        if len(grads) == len(sources):
            for grad, source in zip(grads, sources):
                if grad:
                    grad.share_meta(source)
