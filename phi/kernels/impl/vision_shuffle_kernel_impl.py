"""pixel_shuffle, pixel_unshuffle, channel_shuffle, temporal_shift: one body for every
backend (element order in phi.kernels.funcs.vision_shuffle)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_shuffle as shuffle_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("pixel_shuffle", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("pixel_shuffle", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def pixel_shuffle_kernel(dev_ctx: DeviceContext, x: DenseTensor, upscale_factor: int,
                         data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.pixel_shuffle(dev_ctx.xp, x.data, upscale_factor, data_format, data)


@register_kernel("pixel_unshuffle", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("pixel_unshuffle", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def pixel_unshuffle_kernel(dev_ctx: DeviceContext, x: DenseTensor, downscale_factor: int,
                           data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.pixel_unshuffle(dev_ctx.xp, x.data, downscale_factor, data_format, data)


@register_kernel("channel_shuffle", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("channel_shuffle", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def channel_shuffle_kernel(dev_ctx: DeviceContext, x: DenseTensor, groups: int, data_format: str,
                           out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.channel_shuffle(dev_ctx.xp, x.data, groups, data_format, data)


@register_kernel("temporal_shift", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("temporal_shift", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def temporal_shift_kernel(dev_ctx: DeviceContext, x: DenseTensor, seg_num: int, shift_ratio: float,
                          data_format: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.temporal_shift(dev_ctx.xp, x.data, seg_num, shift_ratio, data_format, data)
