"""empty: a tensor of dims `shape` and `dtype` whose values are unspecified (zeros here)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import full as full_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("empty", Backend.CPU, DataLayout.ALL_LAYOUT, [*ALL_TYPES, *FLOAT8_TYPES])
@register_kernel("empty", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def empty_kernel(dev_ctx: DeviceContext, shape: IntArray, dtype: DataType,
                 out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype, full_funcs.check_shape(shape))
    data.fill(0)  # unspecified values: zeros, so every run gives the same
