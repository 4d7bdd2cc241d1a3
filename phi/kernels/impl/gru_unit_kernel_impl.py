"""gru_unit: one GRU step (`fluidphi migrate` output of legacy_fluid/operators/gru_unit_op.py).
Math and weight layout in phi.kernels.funcs.rnn_lod."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("gru_unit", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gru_unit", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gru_unit_kernel(dev_ctx: DeviceContext, input: DenseTensor, hidden_prev: DenseTensor,
                    weight: DenseTensor, bias: DenseTensor | None, activation: int,
                    gate_activation: int, origin_mode: bool, gate: OutTensor,
                    reset_hidden_prev: OutTensor, hidden: OutTensor) -> None:
    x = input
    h_prev = hidden_prev
    n, d = rnn_lod.check_gru_unit_dims(x.dims, h_prev.dims, weight.dims,
                                       None if bias is None else bias.dims)
    acts = rnn_lod.Activation.parse_all("gru_unit", activation=activation,
                                        gate_activation=gate_activation)
    reset_prev = reset_hidden_prev
    gate.resize((n, 3 * d))
    reset_prev.resize((n, d))
    hidden.resize((n, d))
    rnn_lod.gru_unit(dev_ctx.xp, x.data, h_prev.data, weight.data,
                     None if bias is None else bias.data, acts, origin_mode,
                     dev_ctx.alloc(gate, x.dtype),
                     dev_ctx.alloc(reset_prev, x.dtype),
                     dev_ctx.alloc(hidden, x.dtype))
