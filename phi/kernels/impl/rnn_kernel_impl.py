"""rnn: the fused stacked LSTM / GRU / simple RNN (time-major), as Paddle's `rnn` kernel.

Outputs: out [T, B, D * H], state (last h, and c for LSTM), reserve (the training
workspace rnn_grad reads, `rnn_funcs.ReserveLayout`; empty with is_test) and dropout_state
(the inter-layer dropout mask: all ones, or drawn from NumPy's generator when training with
dropout_prob > 0). Math and weight layout in phi.kernels.funcs.rnn.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn as rnn_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("rnn", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("rnn", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def rnn_kernel(dev_ctx: DeviceContext, x: DenseTensor, pre_state: list[DenseTensor],
               weight_list: list[DenseTensor], sequence_length: DenseTensor | None,
               dropout_prob: float, is_bidirec: bool, input_size: int, hidden_size: int,
               num_layers: int, mode: str, seed: int, is_test: bool, out: OutTensor,
               dropout_state: OptionalOutTensor, state: OutTensorList,
               reserve: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    states = [dev_ctx.alloc(s, x.dtype) for s in state]
    mask = None if dropout_state is None else dev_ctx.alloc(dropout_state, DataType.UINT8)
    training = None
    if reserve is not None:
        space = dev_ctx.alloc(reserve, x.dtype)
        if not is_test:
            training = rnn_funcs.start_training(dev_ctx.xp, space, mask, dropout_prob, seed,
                                                num_layers, data.shape)
    if training is None and mask is not None:
        mask.fill(1)
    rnn_funcs.rnn(dev_ctx.xp, x.data, [s.data for s in pre_state],
                  [w.data for w in weight_list],
                  None if sequence_length is None else sequence_length.data, is_bidirec,
                  hidden_size, num_layers, mode, data, states, training)
