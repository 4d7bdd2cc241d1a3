"""Backward kernels of add, subtract, multiply, divide, maximum, minimum, elementwise_pow,
fmax, fmin, heaviside and remainder (backward.yaml names): one body per kernel for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.funcs import elementwise_grad as ewg_funcs

_FLOAT = [DataType.FLOAT32, DataType.FLOAT64]
_FLOAT_INT = [*_FLOAT, DataType.INT32, DataType.INT64]
_NUMERIC = [*_FLOAT_INT, DataType.COMPLEX64, DataType.COMPLEX128]
_FLOAT_COMPLEX = [*_FLOAT, DataType.COMPLEX64, DataType.COMPLEX128]
#: add / divide grads: every integer width Paddle registers, bool too
_ALL_INT = [*_NUMERIC, DataType.INT8, DataType.UINT8, DataType.INT16, DataType.BOOL]
_SUBTRACT = [*_NUMERIC, DataType.INT16, DataType.BFLOAT16]
#: in the legacy kernel's registration order (the codemod's)
_MULTIPLY = [*_FLOAT, DataType.COMPLEX64, DataType.COMPLEX128, DataType.INT32, DataType.INT64,
             DataType.BFLOAT16, DataType.BOOL]
#: maximum / minimum grads
_PICK = [*_FLOAT_INT, DataType.BFLOAT16]
#: elementwise_pow grad: complex too (not the conjugate convention, as Paddle 3.3.1)
_POW = [*_PICK, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("subtract_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SUBTRACT)
@register_kernel("subtract_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _SUBTRACT)
def subtract_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                         y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.subtract_grad(dev_ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


@register_kernel("multiply_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _MULTIPLY)
@register_kernel("multiply_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _MULTIPLY)
def multiply_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                         out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                         y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.multiply_grad(dev_ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


@register_kernel("divide_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _ALL_INT)
@register_kernel("divide_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _ALL_INT)
def divide_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: DenseTensor, out_grad: DenseTensor, axis: int,
                       x_grad: OptionalOutTensor, y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.divide_grad(dev_ctx.xp, x.data, y.data, out.data, out_grad.data, axis, dx, dy)


@register_kernel("maximum_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _PICK)
@register_kernel("maximum_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _PICK)
def maximum_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        out_grad: DenseTensor, x_grad: OptionalOutTensor,
                        y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.maximum_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("minimum_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _PICK)
@register_kernel("minimum_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _PICK)
def minimum_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                        out_grad: DenseTensor, x_grad: OptionalOutTensor,
                        y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.minimum_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("elementwise_pow_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _POW)
@register_kernel("elementwise_pow_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _POW)
def elementwise_pow_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                                out_grad: DenseTensor, x_grad: OptionalOutTensor,
                                y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.elementwise_pow_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("add_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _ALL_INT)
@register_kernel("add_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _ALL_INT)
def add_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                    out_grad: DenseTensor, axis: int, x_grad: OptionalOutTensor,
                    y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ew_funcs.add_grad(dev_ctx.xp, x.data, y.data, out_grad.data, axis, dx, dy)


@register_kernel("fmax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
@register_kernel("fmax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
def fmax_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out_grad: DenseTensor, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.fmax_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("fmin_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
@register_kernel("fmin_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
def fmin_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                     out_grad: DenseTensor, x_grad: OptionalOutTensor,
                     y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.fmin_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("heaviside_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
@register_kernel("heaviside_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_INT)
def heaviside_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                          out_grad: DenseTensor, x_grad: OptionalOutTensor,
                          y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.heaviside_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)


@register_kernel("remainder_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
@register_kernel("remainder_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLOAT_COMPLEX)
def remainder_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                          out_grad: DenseTensor, x_grad: OptionalOutTensor,
                          y_grad: OptionalOutTensor) -> None:
    dx = None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype)
    dy = None if y_grad is None else dev_ctx.alloc(y_grad, out_grad.dtype)
    ewg_funcs.remainder_grad(dev_ctx.xp, x.data, y.data, out_grad.data, dx, dy)
