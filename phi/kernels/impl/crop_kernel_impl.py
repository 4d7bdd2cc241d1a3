"""crop (the crop_tensor op) and legacy_crop (the v1 crop op): a window of x (math in
phi.kernels.funcs.crop)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, IntArray
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import crop as crop_funcs
from phi.kernels.impl.dtype_sets import FLOAT, FLOAT_INT


@register_kernel("crop", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
@register_kernel("crop", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT_INT)
def crop_kernel(dev_ctx: DeviceContext, x: DenseTensor, shape: IntArray, offsets: IntArray,
                out: OutTensor) -> None:
    starts = offsets.get_data()
    dims = crop_funcs.crop_dims("crop_tensor", x.dims, shape.get_data(), starts)
    crop_funcs.crop(dev_ctx.xp, x.data, starts, dev_ctx.alloc(out, x.dtype, dims))


@register_kernel("legacy_crop", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("legacy_crop", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def legacy_crop_kernel(dev_ctx: DeviceContext, x: DenseTensor, y: DenseTensor | None,
                       offsets: IntArray, shape: list[int], out: OutTensor) -> None:
    starts = offsets.get_data()
    dims = crop_funcs.crop_dims("crop", x.dims, shape if y is None else y.dims, starts)
    crop_funcs.crop(dev_ctx.xp, x.data, starts, dev_ctx.alloc(out, x.dtype, dims))
