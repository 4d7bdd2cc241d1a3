"""tile: x repeated `repeat_times` along each (right-aligned) dim."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand as expand_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES_NO_BF16


@register_kernel("tile", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
@register_kernel("tile", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def tile_kernel(dev_ctx: DeviceContext, x: DenseTensor, repeat_times: IntArray,
                out: OutTensor) -> None:
    reps = repeat_times.get_data()
    data = dev_ctx.alloc(out, x.dtype, expand_funcs.tile_dims(x.dims, reps))
    expand_funcs.tile(dev_ctx.xp, x.data, reps, data)
