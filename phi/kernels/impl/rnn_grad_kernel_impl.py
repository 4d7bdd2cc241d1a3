"""rnn_grad: the backward of the fused stacked LSTM / GRU / simple RNN, from the training
workspace the forward saved (reserve) and its dropout mask. Math in
phi.kernels.funcs.rnn_grad."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import rnn_grad as rnn_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


def _positional(name: str, grads: list[DenseTensor], count: int) -> list[DenseTensor | None]:
    """A gradient list output, one slot per input (None where the program asks for none:
    both paths keep a list's positions, @EMPTY@ as None), or none at all."""
    if grads and len(grads) != count:
        raise ValueError(f"rnn_grad: {len(grads)} {name} gradient slots for {count} inputs")
    return list(grads) or [None] * count


@register_kernel("rnn_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("rnn_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def rnn_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, pre_state: list[DenseTensor],
                    weight_list: list[DenseTensor], sequence_length: DenseTensor | None,
                    out: DenseTensor, dropout_state: DenseTensor, reserve: DenseTensor,
                    out_grad: DenseTensor, state_grad: list[DenseTensor], dropout_prob: float,
                    is_bidirec: bool, input_size: int, hidden_size: int, num_layers: int,
                    mode: str, seed: int, is_test: bool, x_grad: OptionalOutTensor,
                    pre_state_grad: OutTensorList, weight_list_grad: OutTensorList) -> None:
    states = _positional("PreState", pre_state_grad, len(pre_state))
    weights = _positional("WeightList", weight_list_grad, len(weight_list))
    grads_in = _positional("State", state_grad, len(pre_state))
    dtype = out_grad.dtype
    rnn_grad_funcs.rnn_grad(
        dev_ctx.xp, x.data, [s.data for s in pre_state], [w.data for w in weight_list],
        None if sequence_length is None else sequence_length.data, out.data,
        dropout_state.data, reserve.data, out_grad.data,
        [None if s is None else s.data for s in grads_in], dropout_prob, is_bidirec,
        hidden_size, num_layers, mode,
        None if x_grad is None else dev_ctx.alloc(x_grad, dtype),
        [None if g is None else dev_ctx.alloc(g, dtype) for g in states],
        [None if g is None else dev_ctx.alloc(g, dtype) for g in weights])
