"""Grads of the creation family's writing ops (fill_any -> fill_grad, fill_diagonal,
fill_diagonal_tensor, set_value): one body for every backend, math in
phi.kernels.funcs.creation_grad. CPU dtypes are Paddle 3.3.1's; GPU the same without
bfloat16."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import creation_grad as creation_grad_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES_NO_BF16, BOOL_INT_HALF_FLOAT

_FILL_CPU = [*BOOL_INT_HALF_FLOAT, DataType.BFLOAT16]
_SET_VALUE_CPU = [*ALL_TYPES_NO_BF16, DataType.BFLOAT16]


@register_kernel("fill_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _FILL_CPU)
@register_kernel("fill_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT)
def fill_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, value: Scalar,
                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    creation_grad_funcs.fill_grad(dev_ctx.xp, out_grad.data, data)


@register_kernel("fill_diagonal_grad", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT)
@register_kernel("fill_diagonal_grad", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INT_HALF_FLOAT)
def fill_diagonal_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, value: float,
                              offset: int, wrap: bool, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    creation_grad_funcs.fill_diagonal_grad(dev_ctx.xp, out_grad.data, offset, wrap, data)


@register_kernel("fill_diagonal_tensor_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 ALL_TYPES_NO_BF16)
@register_kernel("fill_diagonal_tensor_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 ALL_TYPES_NO_BF16)
def fill_diagonal_tensor_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                                     offset: int, dim1: int, dim2: int,
                                     x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    creation_grad_funcs.fill_diagonal_tensor_grad(dev_ctx.xp, out_grad.data, offset, dim1,
                                                  dim2, data)


@register_kernel("set_value_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _SET_VALUE_CPU)
@register_kernel("set_value_grad", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def set_value_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                          values: DenseTensor | None, starts: IntArray, ends: IntArray,
                          steps: IntArray, axes: list[int], decrease_axes: list[int],
                          none_axes: list[int], x_grad: OptionalOutTensor,
                          values_grad: OptionalOutTensor) -> None:
    x_data = dev_ctx.alloc(x_grad, out_grad.dtype) if x_grad is not None else None
    values_data = dev_ctx.alloc(values_grad, out_grad.dtype) if values_grad is not None else None
    creation_grad_funcs.set_value_grad(dev_ctx.xp, out_grad.data, axes, starts.get_data(),
                                       ends.get_data(), steps.get_data(), decrease_axes,
                                       none_axes, x_data, values_data)
