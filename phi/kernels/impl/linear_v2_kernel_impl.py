"""linear_v2 (`fluidphi migrate` output of legacy_fluid/operators/linear_v2_op.py): one body
for every backend (math in phi.kernels.funcs.linear_v2)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import linear_v2 as linear_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("linear_v2", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("linear_v2", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def linear_v2_kernel(dev_ctx: DeviceContext, input: DenseTensor, weight: DenseTensor,
                     bias: DenseTensor, transpose_weight: bool, out: OutTensor) -> None:
    x = input
    data = dev_ctx.alloc(out, x.dtype)
    linear_funcs.linear_v2(dev_ctx.xp, x.data, weight.data, bias.data, transpose_weight, data)


@register_kernel("linear_v2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("linear_v2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def linear_v2_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, weight: DenseTensor,
                          bias: DenseTensor, out_grad: DenseTensor, transpose_weight: bool,
                          input_grad: OptionalOutTensor, weight_grad: OptionalOutTensor,
                          bias_grad: OptionalOutTensor) -> None:
    x = input
    linear_funcs.linear_v2_grad(
        dev_ctx.xp, x.data, weight.data, out_grad.data, transpose_weight,
        None if input_grad is None else dev_ctx.alloc(input_grad, x.dtype),
        None if weight_grad is None else dev_ctx.alloc(weight_grad, x.dtype),
        None if bias_grad is None else dev_ctx.alloc(bias_grad, x.dtype))
