"""full: a tensor of dims `shape` filled with `value` (fluid's fill_constant)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray, Scalar
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES


@register_kernel("full", Backend.CPU, DataLayout.ALL_LAYOUT, [*ALL_TYPES, *FLOAT8_TYPES])
@register_kernel("full", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
def full_kernel(dev_ctx: DeviceContext, shape: IntArray, value: Scalar, dtype: DataType,
                out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, full_funcs.check_shape(shape))
    full_funcs.full(dev_ctx.xp, value.value, data)
