"""cross_entropy_with_softmax (fluid's softmax_with_cross_entropy) and its grad: softmax
along `axis` and the cross entropy against hard or soft labels (ignore_index), one body for
every backend (math in phi.kernels.funcs.loss)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("cross_entropy_with_softmax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy_with_softmax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy_with_softmax_kernel(dev_ctx: DeviceContext, input: DenseTensor,
                                      label: DenseTensor, soft_label: bool, use_softmax: bool,
                                      numeric_stable_mode: bool, ignore_index: int, axis: int,
                                      softmax: OutTensor, loss: OutTensor) -> None:
    sm = dev_ctx.alloc(softmax, input.dtype)
    ls = dev_ctx.alloc(loss, input.dtype)
    loss_funcs.softmax_with_cross_entropy(dev_ctx.xp, input.data, label.data, soft_label,
                                          use_softmax, ignore_index, axis, sm, ls)


@register_kernel("cross_entropy_with_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cross_entropy_with_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cross_entropy_with_softmax_grad_kernel(dev_ctx: DeviceContext, label: DenseTensor,
                                           softmax: DenseTensor, loss_grad: DenseTensor,
                                           soft_label: bool, use_softmax: bool,
                                           numeric_stable_mode: bool, ignore_index: int,
                                           axis: int, input_grad: OutTensor) -> None:
    data = dev_ctx.alloc(input_grad, softmax.dtype)
    loss_funcs.softmax_with_cross_entropy_grad(dev_ctx.xp, label.data, softmax.data,
                                               loss_grad.data, soft_label, use_softmax,
                                               ignore_index, axis, data)
