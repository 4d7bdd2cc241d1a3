"""fetch: put a host (NumPy) copy of x at index col of the executor's fetch list."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import feed_fetch as ff_funcs
from phi.kernels.impl.dtype_sets import ALL_TYPES


@register_kernel("fetch", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("fetch", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
def fetch_kernel(dev_ctx: DeviceContext, x: DenseTensor, col: int, out: OutTensorList) -> None:
    fetched = ff_funcs.fetched_tensor(x)
    data = dev_ctx.host_alloc(fetched, fetched.dtype)
    if x.initialized():
        ff_funcs.fetch(x.data, data)
    ff_funcs.store(out, col, fetched)
