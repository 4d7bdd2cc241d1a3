"""assign: out = a copy of x (nothing happens when x holds no data)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import assign as assign_funcs
from phi.kernels.funcs.cast import FLOAT8_TYPES
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("assign", Backend.CPU, DataLayout.ALL_LAYOUT, [*ALL_TYPES, *FLOAT8_TYPES])
@register_kernel("assign", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def assign_kernel(dev_ctx: DeviceContext, x: DenseTensor | None, out: OutTensor) -> None:
    if x is None or not x.initialized():
        return
    data = dev_ctx.alloc(out, x.dtype)
    assign_funcs.assign(dev_ctx.xp, x.data, data)
