"""shuffle_channel: one body for every backend (math in phi.kernels.funcs.vision_shuffle)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_shuffle as shuffle_funcs

#: float32 only: Paddle's float64 kernel leaves half of each plane unwritten
_TYPES = [DataType.FLOAT32]


@register_kernel("shuffle_channel", Backend.CPU, DataLayout.ALL_LAYOUT, _TYPES)
@register_kernel("shuffle_channel", Backend.GPU, DataLayout.ALL_LAYOUT, _TYPES)
def shuffle_channel_kernel(dev_ctx: DeviceContext, x: DenseTensor, group: int,
                           out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.channel_shuffle(dev_ctx.xp, x.data, group, "NCHW", data)
