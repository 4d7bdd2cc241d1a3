"""Backward kernels of reshape, flatten, flatten2, unsqueeze (x_grad's dims come from
XShape through InferMeta; the gradient is out_grad copied into them) and transpose, plus
squeeze_with_xshape / unsqueeze_with_xshape, the forward kernels that record XShape."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import shape_grad as shape_grad_funcs
from phi.kernels.funcs import squeeze as sq_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES, WIDE_UNSIGNED_TYPES
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("squeeze_with_xshape", Backend.CPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("squeeze_with_xshape", Backend.GPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_HALF_COMPLEX)
def squeeze_with_xshape_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: IntArray,
                               out: OutTensor, xshape: OptionalOutTensor) -> None:
    """xshape keeps the dims InferMeta gave it, [0, *x.dims], and no buffer (as Paddle's)."""
    data = dev_ctx.alloc(out, x.dtype)
    sq_funcs.reshape_copy(x.data, data)


# Paddle 3.3.1 registers unsqueeze_with_xshape's CPU float16 kernel for strided tensors only
@register_kernel("unsqueeze_with_xshape", Backend.CPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_BF16_COMPLEX)
@register_kernel("unsqueeze_with_xshape", Backend.GPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_HALF_COMPLEX)
def unsqueeze_with_xshape_kernel(dev_ctx: DeviceContext, x: DenseTensor, axes: IntArray,
                                 out: OutTensor, xshape: OptionalOutTensor) -> None:
    """xshape keeps the dims InferMeta gave it, [0, *x.dims], and no buffer (as Paddle's)."""
    data = dev_ctx.alloc(out, x.dtype)
    sq_funcs.reshape_copy(x.data, data)


@register_kernel("reshape_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*BOOL_INTS_FLOAT_HALF_BF16_COMPLEX, *FLOAT8_TYPES])
@register_kernel("reshape_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def reshape_grad_kernel(dev_ctx: DeviceContext, xshape: DenseTensor, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    sq_funcs.reshape_copy(out_grad.data, data)


@register_kernel("flatten_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 list(shape_grad_funcs.FLATTEN_GRAD_CPU_TYPES))
@register_kernel("flatten_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def flatten_grad_kernel(dev_ctx: DeviceContext, xshape: DenseTensor, out_grad: DenseTensor,
                        x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    sq_funcs.reshape_copy(out_grad.data, data)


#: Paddle 3.3.1's CPU dtypes of flatten2_grad (a fluid kernel there)
_FLATTEN2_GRAD_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16,
                        DataType.INT32, DataType.INT64, DataType.FLOAT32, DataType.FLOAT64]


@register_kernel("flatten2_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FLATTEN2_GRAD_TYPES)
@register_kernel("flatten2_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _FLATTEN2_GRAD_TYPES)
def flatten2_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, xshape: DenseTensor,
                         out_grad: DenseTensor, axis: int, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    sq_funcs.reshape_copy(out_grad.data, data)


@register_kernel("squeeze_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("squeeze_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def squeeze_grad_kernel(dev_ctx: DeviceContext, xshape: DenseTensor, out_grad: DenseTensor,
                        axes: IntArray, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    sq_funcs.reshape_copy(out_grad.data, data)


@register_kernel("unsqueeze_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("unsqueeze_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def unsqueeze_grad_kernel(dev_ctx: DeviceContext, xshape: DenseTensor, out_grad: DenseTensor,
                          axes: IntArray, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    sq_funcs.reshape_copy(out_grad.data, data)


@register_kernel("transpose_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*BOOL_INTS_FLOAT_HALF_BF16_COMPLEX, *WIDE_UNSIGNED_TYPES])
@register_kernel("transpose_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def transpose_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, axis: list[int],
                          x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shape_grad_funcs.transpose_grad(dev_ctx.xp, out_grad.data, axis, data)
