"""index_put: one body for every backend (math in phi.kernels.funcs.indexing)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing as index_funcs

#: the ids are used as given (their own dtype: bool / int32 / int64; the API would cast
#: them to the data's)
_IDS = {"indices": {"backend": Backend.ALL_BACKEND}}


@register_kernel("index_put", Backend.CPU, DataLayout.ALL_LAYOUT, index_funcs.INDEX_PUT_TYPES,
                 arg_overrides=_IDS)
@register_kernel("index_put", Backend.GPU, DataLayout.ALL_LAYOUT, index_funcs.INDEX_PUT_TYPES,
                 arg_overrides=_IDS)
def index_put_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: list[DenseTensor],
                     value: DenseTensor, accumulate: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index_funcs.index_put(dev_ctx.xp, x.data, [t.data for t in indices], value.data, accumulate,
                          data)
