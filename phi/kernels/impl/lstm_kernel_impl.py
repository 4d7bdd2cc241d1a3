"""lstm: fluid's LoD LSTM (`fluidphi migrate` output of legacy_fluid/operators/lstm_op.py).
Math, gate layout and Paddle's batch order in phi.kernels.funcs.rnn_lod; a training run
(not is_test) also writes the workspaces batch_gate / batch_cell_pre_act lstm_grad reads."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("lstm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lstm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lstm_kernel(dev_ctx: DeviceContext, input: DenseTensor, h0: DenseTensor | None,
                c0: DenseTensor | None, weight: DenseTensor, bias: DenseTensor, use_peepholes: bool,
                is_reverse: bool, is_test: bool, gate_activation: str, cell_activation: str,
                candidate_activation: str, hidden: OutTensor, cell: OutTensor,
                batch_gate: OptionalOutTensor, batch_cell_pre_act: OptionalOutTensor) -> None:
    x = input
    rnn_lod.check_lstm_dims("lstm", x.dims, None if h0 is None else h0.dims,
                            None if c0 is None else c0.dims, weight.dims, bias.dims,
                            use_peepholes)
    offsets = rnn_lod.sequence_offsets("lstm", x.lod, x.dims[0])
    acts = rnn_lod.Activation.parse_all(
        "lstm", gate_activation=gate_activation,
        cell_activation=cell_activation,
        candidate_activation=candidate_activation)
    for out in (hidden, cell):
        out.resize((x.dims[0], weight.dims[0]))
        out.lod = [offsets.tolist()]
    gates = cell_acts = None
    if not is_test and batch_gate is not None:
        batch_gate.resize(x.dims)
        batch_gate.lod = rnn_lod.batch_lod(offsets, is_reverse)
        gates = dev_ctx.alloc(batch_gate, x.dtype)
    if not is_test and batch_cell_pre_act is not None:
        batch_cell_pre_act.resize((x.dims[0], weight.dims[0]))
        cell_acts = dev_ctx.alloc(batch_cell_pre_act, x.dtype)
    rnn_lod.lstm(dev_ctx.xp, x.data, None if h0 is None else h0.data,
                 None if c0 is None else c0.data, weight.data, bias.data, offsets,
                 use_peepholes, is_reverse, acts,
                 dev_ctx.alloc(hidden, x.dtype), dev_ctx.alloc(cell, x.dtype), gates, cell_acts)
