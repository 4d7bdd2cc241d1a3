"""index_put_grad: one body for every backend (math in phi.kernels.funcs.indexing)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import indexing as index_funcs

_TYPES = index_funcs.INDEX_PUT_TYPES

#: the ids are used as given (their own dtype: bool / int32 / int64; the API would cast
#: them to the data's)
_IDS = {"indices": {"backend": Backend.ALL_BACKEND}}


@register_kernel("index_put_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES,
                 arg_overrides=_IDS)
@register_kernel("index_put_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES,
                 arg_overrides=_IDS)
def index_put_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: list[DenseTensor],
                          value: DenseTensor, out_grad: DenseTensor, accumulate: bool,
                          x_grad: OptionalOutTensor, value_grad: OptionalOutTensor) -> None:
    index_funcs.index_put_grad(
        dev_ctx.xp, [t.data for t in indices], tuple(value.dims), out_grad.data, accumulate,
        None if x_grad is None else dev_ctx.alloc(x_grad, out_grad.dtype),
        None if value_grad is None else dev_ctx.alloc(value_grad, out_grad.dtype))
