"""reduce_as: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.funcs.reduce import sum_out_dtype
from phi.kernels.impl.dtype_sets import ALL_TYPES, ALL_TYPES_NO_BF16


@register_kernel("reduce_as", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("reduce_as", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def reduce_as_kernel(dev_ctx: DeviceContext, x: DenseTensor, target: DenseTensor,
                     out: OutTensor) -> None:
    data = dev_ctx.alloc(out, sum_out_dtype(x.dtype, DataType.UNDEFINED), target.dims)
    stat_funcs.reduce_as(dev_ctx.xp, x.data, target.dims, data)
