"""index_add: one body for every backend (math in phi.kernels.funcs.indexing)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing as index_funcs
from phi.kernels.impl.dtype_sets import HALF_FLOAT_INT


@register_kernel("index_add", Backend.CPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
@register_kernel("index_add", Backend.GPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
def index_add_kernel(dev_ctx: DeviceContext, x: DenseTensor, index: DenseTensor,
                     add_value: DenseTensor, axis: int, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.index_add(dev_ctx.xp, x.data, index.data, add_value.data, axis, data)
