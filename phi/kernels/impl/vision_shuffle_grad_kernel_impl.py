"""Backward kernels of pixel_shuffle, pixel_unshuffle, channel_shuffle, shuffle_channel and
temporal_shift (backward.yaml names): x_grad from out_grad alone, by the inverse
rearrangement (phi.kernels.funcs.vision_shuffle_grad; x_grad's dims from the InferMeta);
one body for every backend."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_shuffle_grad as shuffle_grad
from phi.kernels.impl.dtype_sets import FLOAT


# Paddle 3.3.1's CPU dtypes of these grad kernels (GPU: the same)
@register_kernel("pixel_shuffle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("pixel_shuffle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def pixel_shuffle_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                              upscale_factor: int, data_format: str,
                              x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shuffle_grad.pixel_shuffle_grad(dev_ctx.xp, out_grad.data, upscale_factor, data_format,
                                    data)


@register_kernel("pixel_unshuffle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("pixel_unshuffle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def pixel_unshuffle_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor,
                                downscale_factor: int, data_format: str,
                                x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shuffle_grad.pixel_unshuffle_grad(dev_ctx.xp, out_grad.data, downscale_factor,
                                      data_format, data)


@register_kernel("channel_shuffle_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("channel_shuffle_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def channel_shuffle_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, groups: int,
                                data_format: str, x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shuffle_grad.channel_shuffle_grad(dev_ctx.xp, out_grad.data, groups, data_format, data)


@register_kernel("shuffle_channel_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("shuffle_channel_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def shuffle_channel_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, group: int,
                                x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shuffle_grad.channel_shuffle_grad(dev_ctx.xp, out_grad.data, group, "NCHW", data)


@register_kernel("temporal_shift_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("temporal_shift_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def temporal_shift_grad_kernel(dev_ctx: DeviceContext, out_grad: DenseTensor, seg_num: int,
                               shift_ratio: float, data_format: str,
                               x_grad: OutTensor) -> None:
    data = dev_ctx.alloc(x_grad, out_grad.dtype)
    shuffle_grad.temporal_shift_grad(dev_ctx.xp, out_grad.data, seg_num, shift_ratio,
                                     data_format, data)
