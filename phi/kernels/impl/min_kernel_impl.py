"""min and min_raw (fluid's reduce_min; _raw carries reduce_all): the smallest element
(NaN wins)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT, FLOAT_INT


@register_kernel("min_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("min_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def min_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                   reduce_all: bool, out: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.reduce_min(dev_ctx.xp, x.data, axes, data)


@register_kernel("min", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("min", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT)
def min_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
               out: OutTensor) -> None:
    min_raw_kernel(dev_ctx, x, axis, keepdim, False, out)
