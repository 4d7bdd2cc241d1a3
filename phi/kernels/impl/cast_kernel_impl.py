"""cast: convert x's elements to `dtype` (registered by x's dtype)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import cast as cast_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES, WIDE_UNSIGNED_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES


@register_kernel("cast", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [*ALL_TYPES, *WIDE_UNSIGNED_TYPES, *FLOAT8_TYPES])
@register_kernel("cast", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
def cast_kernel(dev_ctx: DeviceContext, x: DenseTensor, dtype: DataType, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, dtype)
    cast_funcs.cast(dev_ctx.xp, x.data, data)
