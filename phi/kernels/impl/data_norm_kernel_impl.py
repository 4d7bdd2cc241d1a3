"""data_norm: one body for every backend (math in phi.kernels.funcs.data_norm)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import data_norm as data_norm_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("data_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("data_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def data_norm_kernel(dev_ctx: DeviceContext, scale_w: DenseTensor | None,
                     bias: DenseTensor | None, x: DenseTensor, batch_size: DenseTensor,
                     batch_sum: DenseTensor, batch_square_sum: DenseTensor, epsilon: float,
                     slot_dim: int, enable_scale_and_shift: bool, data_layout: str,
                     y: OutTensor, means: OutTensor, scales: OutTensor) -> None:
    data_norm_funcs.data_norm(
        dev_ctx.xp, x.data, batch_size.data, batch_sum.data, batch_square_sum.data,
        None if scale_w is None else scale_w.data, None if bias is None else bias.data,
        epsilon, slot_dim, enable_scale_and_shift, data_layout, dev_ctx.alloc(y, x.dtype),
        dev_ctx.alloc(means, x.dtype), dev_ctx.alloc(scales, x.dtype))


@register_kernel("data_norm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("data_norm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def data_norm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y_grad: DenseTensor,
                          scale_w: DenseTensor | None, bias: DenseTensor | None,
                          scales: DenseTensor, means: DenseTensor, epsilon: float,
                          slot_dim: int, enable_scale_and_shift: bool, data_layout: str,
                          x_grad: OptionalOutTensor, batch_size_grad: OutTensor,
                          batch_sum_grad: OutTensor, batch_square_sum_grad: OutTensor,
                          scale_w_grad: OptionalOutTensor, bias_grad: OptionalOutTensor) -> None:
    data_norm_funcs.data_norm_grad(
        dev_ctx.xp, x.data, y_grad.data, means.data, scales.data,
        None if scale_w is None else scale_w.data, epsilon, slot_dim, enable_scale_and_shift,
        data_layout, *(None if t is None else dev_ctx.alloc(t, x.dtype)
                       for t in (x_grad, scale_w_grad, bias_grad)),
        *(dev_ctx.alloc(t, x.dtype) for t in (batch_size_grad, batch_sum_grad,
                                               batch_square_sum_grad)))
