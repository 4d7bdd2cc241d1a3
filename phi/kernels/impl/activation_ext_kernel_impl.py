"""More activation kernels (`fluidphi migrate` output of
legacy_fluid/operators/activation_ext_op.py): logit, softsign, selu, hardtanh (fluid's brelu),
stanh, tanh_shrink, hardshrink (fluid's hard_shrink), softshrink, thresholded_relu and maxout.
Math in phi.kernels.funcs.activation_ext.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import activation_ext as act_ext

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]
_FLOAT_COMPLEX = [*_FLOAT, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("logit", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("logit", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def logit_kernel(dev_ctx: DeviceContext, x: DenseTensor, eps: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.logit(dev_ctx.xp, x.data, eps, data)


@register_kernel("softsign", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("softsign", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def softsign_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.softsign(dev_ctx.xp, x.data, data)


@register_kernel("selu", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("selu", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def selu_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: float, alpha: float,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.selu(dev_ctx.xp, x.data, scale, alpha, data)


@register_kernel("hardtanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardtanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardtanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, t_min: float, t_max: float,
                    out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.hardtanh(dev_ctx.xp, x.data, t_min, t_max, data)


@register_kernel("stanh", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("stanh", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def stanh_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale_a: float, scale_b: float,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.stanh(dev_ctx.xp, x.data, scale_a, scale_b, data)


@register_kernel("tanh_shrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("tanh_shrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def tanh_shrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.tanh_shrink(dev_ctx.xp, x.data, data)


@register_kernel("hardshrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("hardshrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def hardshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.hardshrink(dev_ctx.xp, x.data, threshold, data)


@register_kernel("softshrink", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("softshrink", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def softshrink_kernel(dev_ctx: DeviceContext, x: DenseTensor, lambda_: float,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.softshrink(dev_ctx.xp, x.data, lambda_, data)


@register_kernel("thresholded_relu", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("thresholded_relu", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def thresholded_relu_kernel(dev_ctx: DeviceContext, x: DenseTensor, threshold: float,
                            value: float, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.thresholded_relu(dev_ctx.xp, x.data, threshold, value, data)


@register_kernel("maxout", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT)
@register_kernel("maxout", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT)
def maxout_kernel(dev_ctx: DeviceContext, x: DenseTensor, groups: int, axis: int,
                  out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    act_ext.maxout(dev_ctx.xp, x.data, groups, axis, data)
