"""tile: x repeated `repeat_times` along each (right-aligned) dim."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand as expand_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64,
          DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("tile", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("tile", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def tile_kernel(dev_ctx: DeviceContext, x: DenseTensor, repeat_times: IntArray,
                out: OutTensor) -> None:
    reps = repeat_times.get_data()
    data = dev_ctx.alloc(out, x.dtype, expand_funcs.tile_dims(x.dims, reps))
    expand_funcs.tile(dev_ctx.xp, x.data, reps, data)
