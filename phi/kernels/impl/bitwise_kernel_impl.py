"""Bitwise kernels besides bitwise_and (`fluidphi migrate` output of
legacy_fluid/operators/bitwise_op.py): bitwise_or / bitwise_xor (y broadcast against x
NumPy-style), bitwise_not, and the shifts bitwise_left_shift / bitwise_right_shift (edge
amounts as Paddle's functors; see phi.kernels.funcs.bitwise)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import bitwise as bitwise_funcs
from phi.kernels.funcs import elementwise as ew_funcs

_INTS = [DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32, DataType.INT64]
_TYPES = [DataType.BOOL, *_INTS]


@register_kernel("bitwise_or", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("bitwise_or", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def bitwise_or_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                      out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.bitwise_or(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("bitwise_xor", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("bitwise_xor", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def bitwise_xor_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                       out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    ew_funcs.bitwise_xor(dev_ctx.xp, x.data, y.data, -1, data)


@register_kernel("bitwise_not", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("bitwise_not", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def bitwise_not_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    bitwise_funcs.bitwise_not(dev_ctx.xp, x.data, data)


@register_kernel("bitwise_left_shift", Backend.CPU, DataLayout.ALL_LAYOUT, _INTS)
@register_kernel("bitwise_left_shift", Backend.GPU, DataLayout.ALL_LAYOUT, _INTS)
def bitwise_left_shift_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                              is_arithmetic: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    bitwise_funcs.left_shift(dev_ctx.xp, x.data, y.data, is_arithmetic, data)


@register_kernel("bitwise_right_shift", Backend.CPU, DataLayout.ALL_LAYOUT, _INTS)
@register_kernel("bitwise_right_shift", Backend.GPU, DataLayout.ALL_LAYOUT, _INTS)
def bitwise_right_shift_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor,
                               is_arithmetic: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    bitwise_funcs.right_shift(dev_ctx.xp, x.data, y.data, is_arithmetic, data)
