"""attention_lstm (`fluidphi migrate` output of legacy_fluid/operators/attention_lstm_op.py).
Math in phi.kernels.funcs.rnn_lod."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("attention_lstm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
def attention_lstm_kernel(dev_ctx: DeviceContext, x: DenseTensor, c0: DenseTensor,
                          h0: DenseTensor | None, attention_weight: DenseTensor,
                          attention_bias: DenseTensor | None, attention_scalar: DenseTensor | None,
                          attention_scalar_bias: DenseTensor | None, lstm_weight: DenseTensor,
                          lstm_bias: DenseTensor, gate_activation: str, cell_activation: str,
                          candidate_activation: str, hidden: OutTensor, cell: OutTensor,
                          attentioned_x: OutTensor, attention_fc_out: OutTensor, lstmx: OutTensor,
                          lstmout: OutTensor) -> None:
    att_w = attention_weight
    scalars = [attention_bias, attention_scalar,
               attention_scalar_bias]
    lstm_w = lstm_weight
    lstm_b = lstm_bias
    outs = [hidden, cell, attentioned_x,
            attention_fc_out, lstmx, lstmout]
    m, d = rnn_lod.check_attention_lstm_dims(
        x.dims, c0.dims, None if h0 is None else h0.dims, att_w.dims,
        [None if t is None else t.dims for t in scalars], lstm_w.dims, lstm_b.dims)
    offsets = rnn_lod.sequence_offsets("attention_lstm", x.lod, x.dims[0])
    acts = rnn_lod.Activation.parse_all(
        "attention_lstm", gate_activation=gate_activation,
        cell_activation=cell_activation,
        candidate_activation=candidate_activation)
    for out, dims in zip(outs, rnn_lod.attention_lstm_out_dims(x.dims[0], m, d, offsets)):
        out.resize(dims)
    outs[0].lod = outs[1].lod = [offsets.tolist()]
    rnn_lod.attention_lstm(dev_ctx.xp, x.data, offsets, c0.data,
                           None if h0 is None else h0.data, att_w.data,
                           [None if t is None else t.data for t in scalars], lstm_w.data,
                           lstm_b.data, acts,
                           [dev_ctx.alloc(out, x.dtype) for out in outs])
