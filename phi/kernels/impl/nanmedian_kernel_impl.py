"""nanmedian: one body for every backend (math in phi.kernels.funcs.statistics)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import statistics as stat_funcs
from phi.kernels.impl.dtype_sets import FLOAT_INT


@register_kernel("nanmedian", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("nanmedian", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def nanmedian_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                     mode: str, out: OutTensor, medians: OptionalOutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    index = None if medians is None else dev_ctx.alloc(medians, DataType.INT64)
    stat_funcs.nanmedian(dev_ctx.xp, x.data, axis.get_data(), mode, data, index)


#: medians: int64 indices whatever the kernel's dtype
_INDEX = {"medians": {"dtype": DataType.INT64}}


@register_kernel("nanmedian_grad", Backend.CPU, DataLayout.ALL_LAYOUT,
                 FLOAT_INT, arg_overrides=_INDEX)
@register_kernel("nanmedian_grad", Backend.GPU, DataLayout.ALL_LAYOUT,
                 FLOAT_INT, arg_overrides=_INDEX)
def nanmedian_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, medians: DenseTensor,
                          out_grad: DenseTensor, axis: IntArray, keepdim: bool, mode: str,
                          x_grad: OutTensor) -> None:
    stat_funcs.nanmedian_grad(dev_ctx.xp, x.data, medians.data, out_grad.data,
                              axis.get_data(), mode, dev_ctx.alloc(x_grad, x.dtype))
