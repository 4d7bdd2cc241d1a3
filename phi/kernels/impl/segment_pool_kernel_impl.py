"""segment_pool: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.impl.dtype_sets import HALF_FLOAT_INT


@register_kernel("segment_pool", Backend.CPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
@register_kernel("segment_pool", Backend.GPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
def segment_pool_kernel(dev_ctx: DeviceContext, x: DenseTensor, segment_ids: DenseTensor,
                        pooltype: str, out: OutTensor, summed_ids: OutTensor) -> None:
    ids = segment_ids.numpy()
    stat_funcs.check_segment_ids(ids, x.dims[0])
    dims, summed_dims = stat_funcs.segment_pool_dims(x.dims, ids)
    data = dev_ctx.alloc(out, x.dtype, dims)
    summed = dev_ctx.alloc(summed_ids, x.dtype, summed_dims)
    stat_funcs.segment_pool(dev_ctx.xp, x.data, segment_ids.data, pooltype, data, summed)
