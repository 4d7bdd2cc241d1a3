"""median_grad, std_grad, var_grad, nansum_grad, cummax_grad, cummin_grad, reduce_as_grad,
segment_pool_grad: one body for every backend (math in phi.kernels.funcs.statistics_grad)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics_grad as stat_grad_funcs
from phi.kernels.impl.dtype_sets import (
    ALL_TYPES,
    ALL_TYPES_NO_BF16,
    FLOAT,
    FLOAT_INT,
    HALF_FLOAT_INT,
)

_NANSUM_CPU = [DataType.BOOL, DataType.INT16, DataType.INT32, DataType.INT64,
               DataType.FLOAT16, DataType.BFLOAT16, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128]
_NANSUM_GPU = [t for t in _NANSUM_CPU if t is not DataType.BFLOAT16]
#: medians / indices: int64 indices whatever the kernel's dtype
_INDEX = {"medians": {"dtype": DataType.INT64}}
_INDICES = {"indices": {"dtype": DataType.INT64}}


@register_kernel("median_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT, arg_overrides=_INDEX)
@register_kernel("median_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT, arg_overrides=_INDEX)
def median_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, medians: DenseTensor,
                       out_grad: DenseTensor, axis: IntArray, keepdim: bool, mode: str,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.median_grad(dev_ctx.xp, x.data, medians.data, out_grad.data,
                                axis.get_data(), mode, data)


@register_kernel("std_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("std_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def std_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: DenseTensor,
                    out_grad: DenseTensor, axis: list[int], keepdim: bool, unbiased: bool,
                    correction: float, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.std_grad(dev_ctx.xp, x.data, out.data, out_grad.data, axis, correction,
                             data)


@register_kernel("var_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("var_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def var_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                    axis: list[int], keepdim: bool, unbiased: bool, correction: float,
                    x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.var_grad(dev_ctx.xp, x.data, out_grad.data, axis, correction, data)


@register_kernel("nansum_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _NANSUM_CPU)
@register_kernel("nansum_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _NANSUM_GPU)
def nansum_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, out_grad: DenseTensor,
                       axis: IntArray, keepdim: bool, reduce_all: bool,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.nansum_grad(dev_ctx.xp, x.data, out_grad.data, axis.get_data(),
                                reduce_all, data)


@register_kernel("cummax_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
@register_kernel("cummax_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
def cummax_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                       out_grad: DenseTensor, axis: int, dtype: DataType,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.cum_extremum_grad(dev_ctx.xp, indices.data, out_grad.data, axis, data)


@register_kernel("cummin_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
@register_kernel("cummin_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT,
                 arg_overrides=_INDICES)
def cummin_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, indices: DenseTensor,
                       out_grad: DenseTensor, axis: int, dtype: DataType,
                       x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.cum_extremum_grad(dev_ctx.xp, indices.data, out_grad.data, axis, data)


@register_kernel("reduce_as_grad", Backend.CPU, DataLayout.ALL_LAYOUT, ALL_TYPES)
@register_kernel("reduce_as_grad", Backend.GPU, DataLayout.ALL_LAYOUT, ALL_TYPES_NO_BF16)
def reduce_as_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, target: DenseTensor,
                          out_grad: DenseTensor, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.reduce_as_grad(dev_ctx.xp, x.dims, out_grad.data, data)


@register_kernel("segment_pool_grad", Backend.CPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
@register_kernel("segment_pool_grad", Backend.GPU, DataLayout.ALL_LAYOUT, HALF_FLOAT_INT)
def segment_pool_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, segment_ids: DenseTensor,
                             out: DenseTensor, summed_ids: DenseTensor, out_grad: DenseTensor,
                             pooltype: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, x.dtype)
    stat_grad_funcs.segment_pool_grad(dev_ctx.xp, x.data, segment_ids.data, out.data,
                                      summed_ids.data, out_grad.data, pooltype, data)
