"""gru_unit: one GRU step (`fluidphi migrate` output of legacy_fluid/operators/gru_unit_op.py).
Math and weight layout in phi.kernels.funcs.rnn_lod."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_lod

_FLOATS = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("gru_unit", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOATS)
@register_kernel("gru_unit", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOATS)
def gru_unit_kernel(dev_ctx: DeviceContext, input: DenseTensor, hidden_prev: DenseTensor,
                    weight: DenseTensor, bias: DenseTensor | None, activation: int,
                    gate_activation: int, origin_mode: bool, gate: OutTensor,
                    reset_hidden_prev: OutTensor, hidden: OutTensor) -> None:
    n, d = rnn_lod.check_gru_unit_dims(input.dims, hidden_prev.dims, weight.dims,
                                       None if bias is None else bias.dims)
    acts = rnn_lod.Activation.parse_all("gru_unit", activation=activation,
                                        gate_activation=gate_activation)
    rnn_lod.gru_unit(dev_ctx.xp, input.data, hidden_prev.data, weight.data,
                     None if bias is None else bias.data, acts, origin_mode,
                     dev_ctx.alloc(gate, input.dtype, (n, 3 * d)),
                     dev_ctx.alloc(reset_hidden_prev, input.dtype, (n, d)),
                     dev_ctx.alloc(hidden, input.dtype, (n, d)))
