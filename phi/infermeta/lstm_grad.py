"""InferMeta of lstm_grad: each gradient like the forward input it is the gradient of."""

from __future__ import annotations

from phi.core.meta_tensor import MetaTensor


def lstm_grad_infer_meta(input: MetaTensor, h0: MetaTensor, c0: MetaTensor,
                         weight: MetaTensor, bias: MetaTensor, hidden: MetaTensor,
                         cell: MetaTensor, batch_gate: MetaTensor,
                         batch_cell_pre_act: MetaTensor, hidden_grad: MetaTensor,
                         use_peepholes: bool, is_reverse: bool, is_test: bool,
                         gate_activation: str, cell_activation: str,
                         candidate_activation: str, input_grad: MetaTensor,
                         h0_grad: MetaTensor, c0_grad: MetaTensor, weight_grad: MetaTensor,
                         bias_grad: MetaTensor) -> None:
    """input_grad like input (and its LoD), h0_grad like h0, c0_grad like c0, weight_grad
    like weight, bias_grad like bias; Hidden@GRAD must be [rows, D]."""
    d = input.dims()[1] // 4
    if list(hidden_grad.dims()) != [input.dims()[0], d]:
        raise ValueError(f"lstm_grad: Hidden@GRAD must be [{input.dims()[0]}, {d}] (Input's "
                         f"rows, D), got {list(hidden_grad.dims())}")
    for src, dst in ((input, input_grad), (h0, h0_grad), (c0, c0_grad), (weight, weight_grad),
                     (bias, bias_grad)):
        if dst and src:
            dst.share_meta(src)
