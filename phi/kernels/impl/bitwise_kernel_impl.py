"""Bitwise kernels besides bitwise_and (`fluidphi migrate` output of
legacy_fluid/operators/bitwise_op.py): bitwise_or / bitwise_xor (y broadcast against x
NumPy-style), bitwise_not, and the shifts bitwise_left_shift / bitwise_right_shift (edge
amounts as Paddle's functors; see phi.kernels.funcs.bitwise). or, xor and not are rows of
the element-wise tables (phi.core.kernel_table)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.core.kernel_table import KernelRow, register_table
from phi.kernels.funcs import bitwise as bitwise_funcs
from phi.kernels.funcs import elementwise as ew_funcs
from phi.kernels.impl.elementwise_templates import binary_broadcast, same_dtype

_INTS = bitwise_funcs.SHIFT_TYPES
_TYPES = bitwise_funcs.TYPES


#: (name, funcs function, dtypes)
register_table(binary_broadcast, [
    KernelRow("bitwise_or", ew_funcs.bitwise_or, _TYPES),
    KernelRow("bitwise_xor", ew_funcs.bitwise_xor, _TYPES),
])


register_table(same_dtype, [
    KernelRow("bitwise_not", bitwise_funcs.bitwise_not, _TYPES),
])


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
