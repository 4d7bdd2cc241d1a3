"""Grads of the loss family: sigmoid_cross_entropy_with_logits_grad, bce_loss_grad,
nll_loss_grad, kldiv_loss_grad, huber_loss_grad, hinge_loss_grad, log_loss_grad, cvm_grad,
identity_loss_grad; one body each for every backend (math in phi.kernels.funcs.loss and
phi.kernels.funcs.loss_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.funcs import loss_grad as loss_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT

_FLOAT32 = [DataType.FLOAT32]


@register_kernel("sigmoid_cross_entropy_with_logits_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 FLOAT)
@register_kernel("sigmoid_cross_entropy_with_logits_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 FLOAT)
def sigmoid_cross_entropy_with_logits_grad_kernel(
        dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
        pos_weight: DenseTensor | None, out_grad: DenseTensor, normalize: bool,
        ignore_index: int, x_grad: OutTensor) -> None:
    loss_funcs.sigmoid_cross_entropy_with_logits_grad(
        dev_ctx.xp, x.data, label.data, None if pos_weight is None else pos_weight.data,
        out_grad.data, normalize, ignore_index, dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("bce_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("bce_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def bce_loss_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                         out_grad: DenseTensor, input_grad: OutTensor) -> None:
    loss_funcs.bce_loss_grad(dev_ctx.xp, input.data, label.data, out_grad.data,
                             dev_ctx.alloc(input_grad, input.dtype))


@register_kernel("nll_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("nll_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def nll_loss_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                         weight: DenseTensor | None, total_weight: DenseTensor,
                         out_grad: DenseTensor, ignore_index: int, reduction: str,
                         input_grad: OutTensor) -> None:
    loss_funcs.nll_loss_grad(dev_ctx.xp, input.data, label.data,
                             None if weight is None else weight.data,
                             total_weight.data, out_grad.data, ignore_index, reduction,
                             dev_ctx.alloc(input_grad, input.dtype))


@register_kernel("kldiv_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("kldiv_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def kldiv_loss_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, label: DenseTensor,
                           out_grad: DenseTensor, reduction: str, log_target: bool,
                           x_grad: OutTensor) -> None:
    x_grad.resize(tuple(x.dims))
    loss_funcs.kldiv_loss_grad(dev_ctx.xp, label.data, out_grad.data, reduction, log_target,
                               dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("huber_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("huber_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def huber_loss_grad_kernel(dev_ctx: DeviceContext, residual: DenseTensor,
                           out_grad: DenseTensor, delta: float, input_grad: OptionalOutTensor,
                           label_grad: OptionalOutTensor) -> None:
    loss_funcs.huber_loss_grad(
        dev_ctx.xp, residual.data, out_grad.data, delta,
        None if input_grad is None else dev_ctx.alloc(input_grad, residual.dtype),
        None if label_grad is None else dev_ctx.alloc(label_grad, residual.dtype))


@register_kernel("hinge_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT32)
@register_kernel("hinge_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT32)
def hinge_loss_grad_kernel(dev_ctx: DeviceContext, logits: DenseTensor, labels: DenseTensor,
                           loss_grad: DenseTensor, logits_grad: OutTensor) -> None:
    loss_funcs.hinge_loss_grad(dev_ctx.xp, logits.data, labels.data, loss_grad.data,
                               dev_ctx.alloc(logits_grad, logits.dtype))


@register_kernel("log_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT32)
@register_kernel("log_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT32)
def log_loss_grad_kernel(dev_ctx: DeviceContext, input: DenseTensor, label: DenseTensor,
                         out_grad: DenseTensor, epsilon: float, input_grad: OutTensor) -> None:
    loss_funcs.log_loss_grad(dev_ctx.xp, input.data, label.data, out_grad.data, epsilon,
                             dev_ctx.alloc(input_grad, input.dtype))


@register_kernel("cvm_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("cvm_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def cvm_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, cvm: DenseTensor,
                    out_grad: DenseTensor, use_cvm: bool, x_grad: OutTensor) -> None:
    lod = x.lod[0] if x.lod else None
    loss_grad_funcs.cvm_grad(dev_ctx.xp, cvm.data, out_grad.data, use_cvm, lod,
                             dev_ctx.alloc(x_grad, x.dtype))


@register_kernel("identity_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("identity_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def identity_loss_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                              reduction: int, x_grad: OutTensor) -> None:
    loss_grad_funcs.identity_loss_grad(dev_ctx.xp, out_grad.data, reduction,
                                       dev_ctx.alloc(x_grad, x.dtype))
