"""cummax and cummin: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("cummax", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("cummax", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def cummax_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, dtype: DataType,
                  out: OutTensor, indices: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(indices, dtype)
    stat_funcs.cum_extremum(dev_ctx.xp, x.data, axis, True, data, index)


@register_kernel("cummin", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("cummin", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def cummin_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: int, dtype: DataType,
                  out: OutTensor, indices: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = dev_ctx.alloc(indices, dtype)
    stat_funcs.cum_extremum(dev_ctx.xp, x.data, axis, False, data, index)
