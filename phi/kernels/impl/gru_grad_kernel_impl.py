"""gru_grad, gru_unit_grad: the backward of fluid's LoD gru and one-step gru_unit
(`fluidphi migrate` output of legacy_fluid/operators/gru_grad_op.py). Math in
phi.kernels.funcs.gru_grad; the sequences from input's LoD."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import gru_grad as gru_grad_funcs
from phi.kernels.funcs import rnn_lod
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("gru_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gru_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gru_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, h0: DenseTensor | None,
                    weight: DenseTensor, bias: DenseTensor | None, batch_gate: DenseTensor,
                    batch_reset_hidden_prev: DenseTensor, batch_hidden: DenseTensor,
                    hidden: DenseTensor, hidden_grad: DenseTensor, activation: str,
                    gate_activation: str, is_reverse: bool, origin_mode: bool,
                    input_grad: OptionalOutTensor, h0_grad: OptionalOutTensor,
                    weight_grad: OptionalOutTensor, bias_grad: OptionalOutTensor) -> None:
    x = input
    batch_reset_prev = batch_reset_hidden_prev
    x_grad = input_grad
    offsets = rnn_lod.sequence_offsets("gru_grad", x.lod, x.dims[0])
    acts = rnn_lod.Activation.parse_all("gru_grad", activation=activation,
                                        gate_activation=gate_activation)
    dtype = hidden_grad.dtype
    gru_grad_funcs.gru_grad(
        dev_ctx.xp, None if h0 is None else h0.data, weight.data, offsets, is_reverse,
        origin_mode, acts, batch_gate.data, batch_reset_prev.data, batch_hidden.data,
        hidden_grad.data, None if x_grad is None else dev_ctx.alloc(x_grad, dtype),
        None if h0_grad is None else dev_ctx.alloc(h0_grad, dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, dtype))


@register_kernel("gru_unit_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("gru_unit_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def gru_unit_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, hidden_prev: DenseTensor,
                         weight: DenseTensor, bias: DenseTensor | None, gate: DenseTensor,
                         reset_hidden_prev: DenseTensor, hidden_grad: DenseTensor,
                         activation: int, gate_activation: int, origin_mode: bool,
                         input_grad: OptionalOutTensor, hidden_prev_grad: OptionalOutTensor,
                         weight_grad: OptionalOutTensor, bias_grad: OptionalOutTensor) -> None:
    h_prev = hidden_prev
    reset_prev = reset_hidden_prev
    x_grad = input_grad
    h_prev_grad = hidden_prev_grad
    acts = rnn_lod.Activation.parse_all("gru_unit_grad", activation=activation,
                                        gate_activation=gate_activation)
    dtype = hidden_grad.dtype
    gru_grad_funcs.gru_unit_grad(
        dev_ctx.xp, h_prev.data, weight.data, gate.data, reset_prev.data, hidden_grad.data,
        acts, origin_mode, None if x_grad is None else dev_ctx.alloc(x_grad, dtype),
        None if h_prev_grad is None else dev_ctx.alloc(h_prev_grad, dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, dtype))
