"""median: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("median", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("median", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def median_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                  mode: str, out: OutTensor, medians: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(medians, DataType.INT64)
    stat_funcs.median(dev_ctx.xp, x.data, axis.get_data(), mode, data, index)
