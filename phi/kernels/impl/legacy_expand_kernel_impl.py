"""legacy_expand (the v1 `expand` op): X tiled `expand_times` times per dim (math in
phi.kernels.funcs.expand)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand as expand_funcs

_TYPES = [DataType.BOOL, DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64]


@register_kernel("legacy_expand", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("legacy_expand", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def legacy_expand_kernel(dev_ctx: DeviceContext, x: DenseTensor, expand_times: IntArray,
                         out: OutTensor) -> None:
    times = expand_times.get_data()
    data = dev_ctx.alloc(out, x.dtype, expand_funcs.expand_times_dims(x.dims, times))
    expand_funcs.tile(dev_ctx.xp, x.data, times, data)
