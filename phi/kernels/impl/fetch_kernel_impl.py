"""fetch: put a host (NumPy) copy of x at index col of the executor's fetch list."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import feed_fetch as ff_funcs

_TYPES = [DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
          DataType.INT64, DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32,
          DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128]


@register_kernel("fetch", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("fetch", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def fetch_kernel(dev_ctx: DeviceContext, x: DenseTensor, col: int, out: OutTensorList) -> None:
    fetched = ff_funcs.fetched_tensor(x)
    data = dev_ctx.host_alloc(fetched, fetched.dtype)
    if x.initialized():
        ff_funcs.fetch(x.data, data)
    ff_funcs.store(out, col, fetched)
