"""topk_v1 (the legacy top_k): topk along the last axis, largest, sorted (math in
phi.kernels.funcs.sort_search)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, Scalar
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import sort_search as ss_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT


@register_kernel("topk_v1", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
@register_kernel("topk_v1", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def topk_v1_kernel(dev_ctx: DeviceContext, x: DenseTensor, k: Scalar, out: OutTensor,
                   indices: OutTensor) -> None:
    dims = ss_funcs.topk_dims(x.dims, k.to(int), -1, "top_k")
    data = dev_ctx.alloc(out, x.dtype, dims)
    index = dev_ctx.alloc(indices, DataType.INT64, dims)
    ss_funcs.topk(dev_ctx.xp, x.data, k.to(int), -1, True, data, index)
