"""Backward kernels of the activations, unary math ops and softmaxes (backward.yaml names):
x_grad from out_grad and the forward's x or out; the math is
phi.kernels.funcs.activation_grad (relu_grad's beside relu in phi.kernels.funcs.activation)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import activation_grad as act_grad

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("sigmoid_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("sigmoid_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def sigmoid_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.sigmoid_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("tanh_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("tanh_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def tanh_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.tanh_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("exp_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("exp_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def exp_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                    x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.exp_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("sqrt_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("sqrt_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def sqrt_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.sqrt_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("relu6_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("relu6_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def relu6_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                      x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.relu6_grad(dev_ctx.xp, out.data, out_grad.data, data)


@register_kernel("log_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("log_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def log_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.log_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("square_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("square_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def square_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.square_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("abs_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("abs_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def abs_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.abs_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("swish_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("swish_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def swish_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                      x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.silu_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("silu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("silu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def silu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                     out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.silu_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("leaky_relu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("leaky_relu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def leaky_relu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                           negative_slope: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.leaky_relu_grad(dev_ctx.xp, x.data, out_grad.data, negative_slope, data)


@register_kernel("softplus_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("softplus_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def softplus_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                         beta: float, threshold: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.softplus_grad(dev_ctx.xp, x.data, out_grad.data, beta, threshold, data)


@register_kernel("hardswish_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardswish_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardswish_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                          x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.hardswish_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("hardsigmoid_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardsigmoid_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardsigmoid_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                            slope: float, offset: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.hardsigmoid_grad(dev_ctx.xp, out.data, out_grad.data, slope, offset, data)


@register_kernel("gelu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("gelu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def gelu_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                     approximate: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.gelu_grad(dev_ctx.xp, x.data, out_grad.data, approximate, data)


@register_kernel("softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def softmax_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                        axis: int, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.softmax_grad(dev_ctx.xp, out.data, out_grad.data, axis, data)


@register_kernel("log_softmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("log_softmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def log_softmax_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                            axis: int, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_grad.log_softmax_grad(dev_ctx.xp, out.data, out_grad.data, axis, data)


@register_kernel("relu_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("relu_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def relu_grad_kernel(dev_ctx: DeviceContext, out: DenseTensor, out_grad: DenseTensor,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    act_funcs.relu_grad(dev_ctx.xp, out.data, out_grad.data, data)
