"""Grads of the fold family: unfold_grad and fold_grad; one body each for every backend
(math in phi.kernels.funcs.fold_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import fold_grad as fold_grad_funcs


@register_kernel("unfold_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 fold_grad_funcs.UNFOLD_GRAD_TYPES)
@register_kernel("unfold_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 fold_grad_funcs.UNFOLD_GRAD_TYPES)
def unfold_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y_grad: DenseTensor,
                       kernel_sizes: list[int], strides: list[int], paddings: list[int],
                       dilations: list[int], x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad.dtype)
    fold_grad_funcs.unfold_grad(dev_ctx.xp, y_grad.data, kernel_sizes, strides, paddings,
                                dilations, data)


@register_kernel("fold_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 fold_grad_funcs.FOLD_GRAD_TYPES)
@register_kernel("fold_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 fold_grad_funcs.FOLD_GRAD_TYPES)
def fold_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y_grad: DenseTensor,
                     output_sizes: list[int], kernel_sizes: list[int], strides: list[int],
                     paddings: list[int], dilations: list[int], x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, y_grad.dtype)
    fold_grad_funcs.fold_grad(dev_ctx.xp, y_grad.data, output_sizes, kernel_sizes, strides,
                              paddings, dilations, data)
