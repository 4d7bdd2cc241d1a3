"""sum and sum_raw (fluid's reduce_sum with reduce_all): one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import (
    BOOL_INTS_FLOAT_HALF_BF16_COMPLEX,
    BOOL_INTS_FLOAT_HALF_COMPLEX,
)


@register_kernel("sum_raw", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("sum_raw", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def sum_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                   reduce_all: bool, dtype: DataType, out: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(out, reduce_funcs.sum_out_dtype(x.dtype, dtype))
    reduce_funcs.reduce_sum(dev_ctx.xp, x.data, axes, data)


@register_kernel("sum", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_BF16_COMPLEX)
@register_kernel("sum", Backend.GPU, DataLayout.ALL_LAYOUT, BOOL_INTS_FLOAT_HALF_COMPLEX)
def sum_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, dtype: DataType,
               keepdim: bool, out: OutTensor) -> None:
    sum_raw_kernel(dev_ctx, x, axis, keepdim, False, dtype, out)
