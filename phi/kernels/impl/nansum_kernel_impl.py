"""nansum: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.funcs.reduce import sum_out_dtype
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("nansum", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("nansum", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def nansum_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, dtype: DataType,
                  keepdim: bool, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, sum_out_dtype(x.dtype, dtype))
    stat_funcs.nansum(dev_ctx.xp, x.data, axis.get_data(), data)
