"""mean and mean_raw (fluid's reduce_mean with reduce_all): one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import BOOL_INT_FLOAT_COMPLEX

_GPU_TYPES = [*BOOL_INT_FLOAT_COMPLEX, DataType.FLOAT16]


@register_kernel("mean_raw", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("mean_raw", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def mean_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                    reduce_all: bool, out: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.reduce_mean(dev_ctx.xp, x.data, axes, data)


@register_kernel("mean", Backend.CPU, DataLayout.ALL_LAYOUT, BOOL_INT_FLOAT_COMPLEX)
@register_kernel("mean", Backend.GPU, DataLayout.ALL_LAYOUT, _GPU_TYPES)
def mean_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                out: OutTensor) -> None:
    mean_raw_kernel(dev_ctx, x, axis, keepdim, False, out)
