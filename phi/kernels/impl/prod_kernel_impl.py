"""prod and prod_raw (fluid's reduce_prod; _raw carries reduce_all): the product, in x's
type (integers wrap)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import reduce as reduce_funcs
from phi.kernels.impl.dtype_sets import FLOAT_HALF_INT_COMPLEX, FLOAT_INT_COMPLEX


@register_kernel("prod_raw", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("prod_raw", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def prod_raw_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                    reduce_all: bool, out: OutTensor) -> None:
    axes = reduce_funcs.reduce_axes(len(x.dims), axis.get_data(), reduce_all)
    data = dev_ctx.alloc(out, x.dtype)
    reduce_funcs.reduce_prod(dev_ctx.xp, x.data, axes, data)


@register_kernel("prod", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT_COMPLEX)
@register_kernel("prod", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_HALF_INT_COMPLEX)
def prod_kernel(dev_ctx: DeviceContext, x: DenseTensor, axis: IntArray, keepdim: bool,
                out: OutTensor) -> None:
    prod_raw_kernel(dev_ctx, x, axis, keepdim, False, out)
