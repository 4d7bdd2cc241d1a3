"""expand: x broadcast to `shape` (right-aligned; -1 keeps x's dim)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import expand as expand_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("expand", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("expand", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def expand_kernel(dev_ctx: DeviceContext, x: DenseTensor, shape: IntArray,
                  out: OutTensor) -> None:
    dims = expand_funcs.expand_dims(x.dims, shape.get_data())
    data = dev_ctx.alloc(out, x.dtype, dims)
    expand_funcs.expand(dev_ctx.xp, x.data, data)
