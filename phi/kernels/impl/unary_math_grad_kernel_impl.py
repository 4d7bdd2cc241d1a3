"""Backward kernels of unary math ops whose grads change the element type: angle_grad
(x_grad in x's type, complex or real, from the real out_grad), real_grad and imag_grad
(complex x_grad from the real out_grad: they run in its complex type); one body for every
backend (math in phi.kernels.funcs.unary_math_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import unary_math_grad
from phi.kernels.impl.dtype_sets import FLOAT

#: a complex x's out_grad (angle, real, imag; activation_grad's abs) is its real type
REAL_OUT_GRAD_C64 = {"out_grad": {"dtype": DataType.FLOAT32}}
REAL_OUT_GRAD_C128 = {"out_grad": {"dtype": DataType.FLOAT64}}


@register_kernel("angle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("angle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("angle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
@register_kernel("angle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("angle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("angle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
def angle_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                      x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    unary_math_grad.angle_grad(dev_ctx.xp, x.data, out_grad.data, data)


@register_kernel("real_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("real_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
@register_kernel("real_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("real_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
def real_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype.to_complex)
    unary_math_grad.real_grad(dev_ctx.xp, out_grad.data, data)


@register_kernel("imag_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("imag_grad", Backend.CPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
@register_kernel("imag_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX64,
                 arg_overrides=REAL_OUT_GRAD_C64)
@register_kernel("imag_grad", Backend.GPU, DataLayout.ALL_LAYOUT, DataType.COMPLEX128,
                 arg_overrides=REAL_OUT_GRAD_C128)
def imag_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype.to_complex)
    unary_math_grad.imag_grad(dev_ctx.xp, out_grad.data, data)
