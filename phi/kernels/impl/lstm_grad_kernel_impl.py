"""lstm_grad: the backward of fluid's LoD `lstm` from the training forward's workspaces
(`fluidphi migrate` output of legacy_fluid/operators/lstm_grad_op.py). Math in
phi.kernels.funcs.lstm_grad."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import lstm_grad as lstm_grad_funcs
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("lstm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("lstm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def lstm_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, h0: DenseTensor | None,
                     c0: DenseTensor | None, weight: DenseTensor, bias: DenseTensor,
                     hidden: DenseTensor, cell: DenseTensor, batch_gate: DenseTensor,
                     batch_cell_pre_act: DenseTensor, hidden_grad: DenseTensor,
                     use_peepholes: bool, is_reverse: bool, is_test: bool, gate_activation: str,
                     cell_activation: str, candidate_activation: str,
                     input_grad: OptionalOutTensor, h0_grad: OptionalOutTensor,
                     c0_grad: OptionalOutTensor, weight_grad: OptionalOutTensor,
                     bias_grad: OptionalOutTensor) -> None:
    x = input
    d = rnn_lod.check_lstm_dims("lstm_grad", x.dims, None if h0 is None else h0.dims,
                                None if c0 is None else c0.dims, weight.dims, bias.dims,
                                use_peepholes)
    lstm_grad_funcs.check_workspaces(x.dims[0], d, batch_gate.dims, batch_cell_pre_act.dims)
    offsets = rnn_lod.sequence_offsets("lstm_grad", x.lod, x.dims[0])
    acts = rnn_lod.Activation.parse_all(
        "lstm_grad", gate_activation=gate_activation,
        cell_activation=cell_activation,
        candidate_activation=candidate_activation)
    dtype = hidden_grad.dtype
    lstm_grad_funcs.lstm_grad(
        dev_ctx.xp, None if h0 is None else h0.data, None if c0 is None else c0.data,
        weight.data, bias.data, hidden.data, cell.data, batch_gate.data,
        batch_cell_pre_act.data, hidden_grad.data, offsets, use_peepholes, is_reverse, acts,
        None if input_grad is None else dev_ctx.alloc(input_grad, dtype),
        None if h0_grad is None else dev_ctx.alloc(h0_grad, dtype),
        None if c0_grad is None else dev_ctx.alloc(c0_grad, dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, dtype))
