"""rnn: the fused stacked LSTM / GRU / simple RNN (time-major), as Paddle's `rnn` kernel.

Outputs: out [T, B, D * H], state (last h, and c for LSTM), reserve (Paddle's training
workspace: empty here) and dropout_state (the inter-layer dropout mask, all ones: dropout is
a training feature and is ignored). Math and weight layout in phi.kernels.funcs.rnn.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn as rnn_funcs

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("rnn", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("rnn", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def rnn_kernel(dev_ctx: DeviceContext, x: DenseTensor, pre_state: list[DenseTensor],
               weight_list: list[DenseTensor], sequence_length: DenseTensor | None,
               dropout_prob: float, is_bidirec: bool, input_size: int, hidden_size: int,
               num_layers: int, mode: str, seed: int, is_test: bool, out: OutTensor,
               dropout_state: OptionalOutTensor, state: OutTensorList,
               reserve: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    states = [dev_ctx.alloc(s, x.dtype) for s in state]
    rnn_funcs.rnn(dev_ctx.xp, x.data, [s.data for s in pre_state],
                  [w.data for w in weight_list],
                  None if sequence_length is None else sequence_length.data, is_bidirec,
                  hidden_size, num_layers, mode, data, states)
    if reserve is not None:
        dev_ctx.alloc(reserve, DataType.UINT8)
    if dropout_state is not None:
        dev_ctx.alloc(dropout_state, DataType.UINT8).fill(1)
