"""InferMeta of the rnn family (the fused `rnn` op)."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def rnn_infer_meta(x: MetaTensor, pre_state: list[MetaTensor], weight_list: list[MetaTensor],
                   sequence_length: MetaTensor, dropout_prob: float, is_bidirec: bool,
                   input_size: int, hidden_size: int, num_layers: int, mode: str, seed: int,
                   is_test: bool, out: MetaTensor, dropout_state: MetaTensor,
                   state: list[MetaTensor], reserve: MetaTensor) -> None:
    """out: [T, B, D * hidden_size]; state[i] like pre_state[i]; x's dtype. reserve: the
    training workspace (empty with is_test), x's dtype; dropout_state: out's dims, uint8."""
    from phi.kernels.funcs.rnn import check_shapes, reserve_dims

    out_dims = check_shapes(x.dims(), [s.dims() for s in pre_state],
                            [w.dims() for w in weight_list],
                            sequence_length.dims() if sequence_length else None, mode,
                            is_bidirec, hidden_size, num_layers)
    if len(state) != len(pre_state):
        raise ValueError(f"rnn: {len(pre_state)} PreState tensors but {len(state)} State "
                         "outputs")
    out.set_dims(out_dims)
    out.set_dtype(x.dtype())
    for s, pre in zip(state, pre_state):
        if s:
            s.set_dims(pre.dims())
            s.set_dtype(x.dtype())
    if reserve:
        reserve.set_dims(reserve_dims(x.dims(), mode, is_bidirec, hidden_size, num_layers,
                                      is_test))
        reserve.set_dtype(x.dtype())
    if dropout_state:
        dropout_state.set_dims(out_dims)
        dropout_state.set_dtype(DataType.UINT8)


def lstm_infer_meta(input: MetaTensor, h0: MetaTensor, c0: MetaTensor, weight: MetaTensor,
                    bias: MetaTensor, use_peepholes: bool, is_reverse: bool, is_test: bool,
                    gate_activation: str, cell_activation: str, candidate_activation: str,
                    hidden: MetaTensor, cell: MetaTensor, batch_gate: MetaTensor,
                    batch_cell_pre_act: MetaTensor) -> None:
    """hidden, cell: [rows, D] with input's dtype and LoD (fluid's LoD `lstm`); training
    (not is_test) also the workspaces batch_gate [rows, 4D] and batch_cell_pre_act [rows, D]
    (their batch LoD is known at run time)."""
    from phi.kernels.funcs.rnn_lod import check_lstm_dims

    d = check_lstm_dims("lstm", input.dims(), h0.dims() if h0 else None,
                        c0.dims() if c0 else None, weight.dims(), bias.dims(), use_peepholes)
    for out in (hidden, cell):
        out.set_dims((input.dims()[0], d))
        out.set_dtype(input.dtype())
        out.share_lod(input)
    for out, width in ((batch_gate, 4 * d), (batch_cell_pre_act, d)):
        if out and not is_test:
            out.set_dims((input.dims()[0], width))
            out.set_dtype(input.dtype())


def gru_infer_meta(input: MetaTensor, h0: MetaTensor, weight: MetaTensor, bias: MetaTensor,
                   activation: str, gate_activation: str, is_reverse: bool, origin_mode: bool,
                   batch_gate: MetaTensor, batch_reset_hidden_prev: MetaTensor,
                   batch_hidden: MetaTensor, hidden: MetaTensor) -> None:
    """hidden: [rows, D] with input's dtype and LoD (fluid's LoD `gru`); the workspaces
    batch_gate [rows, 3D], batch_reset_hidden_prev and batch_hidden [rows, D] (their batch
    LoD is the kernel's)."""
    from phi.kernels.funcs.rnn_lod import check_gru_dims

    d = check_gru_dims("gru", input.dims(), h0.dims() if h0 else None, weight.dims(),
                       bias.dims() if bias else None)
    for out, width in ((batch_gate, 3 * d), (batch_reset_hidden_prev, d), (batch_hidden, d),
                       (hidden, d)):
        if out:
            out.set_dims((input.dims()[0], width))
            out.set_dtype(input.dtype())
    hidden.share_lod(input)


def gru_unit_infer_meta(input: MetaTensor, hidden_prev: MetaTensor, weight: MetaTensor,
                        bias: MetaTensor, activation: int, gate_activation: int,
                        origin_mode: bool, gate: MetaTensor, reset_hidden_prev: MetaTensor,
                        hidden: MetaTensor) -> None:
    """gate: [batch, 3D]; reset_hidden_prev, hidden: [batch, D]; input's dtype."""
    from phi.kernels.funcs.rnn_lod import check_gru_unit_dims

    batch, d = check_gru_unit_dims(input.dims(), hidden_prev.dims(), weight.dims(),
                                   bias.dims() if bias else None)
    for out, width in ((gate, 3 * d), (reset_hidden_prev, d), (hidden, d)):
        out.set_dims((batch, width))
        out.set_dtype(input.dtype())


def attention_lstm_infer_meta(x: MetaTensor, c0: MetaTensor, h0: MetaTensor,
                              attention_weight: MetaTensor, attention_bias: MetaTensor,
                              attention_scalar: MetaTensor, attention_scalar_bias: MetaTensor,
                              lstm_weight: MetaTensor, lstm_bias: MetaTensor,
                              gate_activation: str, cell_activation: str,
                              candidate_activation: str, hidden: MetaTensor, cell: MetaTensor,
                              attentioned_x: MetaTensor, attention_fc_out: MetaTensor,
                              lstmx: MetaTensor, lstmout: MetaTensor) -> None:
    """hidden, cell: [rows, D] with x's LoD; attentioned_x [rows, 1]; attention_fc_out
    [-1, 1] (the longest sequence, known at run time); lstmx [1, M]; lstmout [1, 4D]."""
    from phi.kernels.funcs.rnn_lod import attention_lstm_out_dims, check_attention_lstm_dims

    m, d = check_attention_lstm_dims(
        x.dims(), c0.dims(), h0.dims() if h0 else None, attention_weight.dims(),
        [t.dims() if t else None for t in (attention_bias, attention_scalar,
                                            attention_scalar_bias)],
        lstm_weight.dims(), lstm_bias.dims())
    outs = (hidden, cell, attentioned_x, attention_fc_out, lstmx, lstmout)
    for out, dims in zip(outs, attention_lstm_out_dims(x.dims()[0], m, d, None)):
        out.set_dims(dims)
        out.set_dtype(x.dtype())
    hidden.share_lod(x)
    cell.share_lod(x)
