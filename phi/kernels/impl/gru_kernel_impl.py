"""gru: fluid's LoD GRU (`fluidphi migrate` output of legacy_fluid/operators/gru_op.py).
Math, gate and weight layout, Paddle's batch order in phi.kernels.funcs.rnn_lod."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("gru", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gru", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gru_kernel(dev_ctx: DeviceContext, input: DenseTensor, h0: DenseTensor | None,
               weight: DenseTensor, bias: DenseTensor | None, activation: str, gate_activation: str,
               is_reverse: bool, origin_mode: bool, batch_gate: OptionalOutTensor,
               batch_reset_hidden_prev: OptionalOutTensor, batch_hidden: OptionalOutTensor,
               hidden: OutTensor) -> None:
    x = input
    batch_reset_prev = batch_reset_hidden_prev
    d = rnn_lod.check_gru_dims("gru", x.dims, None if h0 is None else h0.dims,
                               weight.dims, None if bias is None else bias.dims)
    offsets = rnn_lod.sequence_offsets("gru", x.lod, x.dims[0])
    acts = rnn_lod.Activation.parse_all("gru", activation=activation,
                                        gate_activation=gate_activation)
    hidden.resize((x.dims[0], d))
    hidden.lod = [offsets.tolist()]
    batch = rnn_lod.gru_workspaces(x.dims[0], d, offsets, is_reverse,
                                   [batch_gate, batch_reset_prev, batch_hidden],
                                   lambda t: dev_ctx.alloc(t, x.dtype))
    rnn_lod.gru(dev_ctx.xp, x.data, None if h0 is None else h0.data, weight.data,
                None if bias is None else bias.data, offsets, is_reverse,
                origin_mode, acts, dev_ctx.alloc(hidden, x.dtype),
                batch)
