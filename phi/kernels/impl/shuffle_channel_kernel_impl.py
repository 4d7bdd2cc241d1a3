"""shuffle_channel: one body for every backend and dtype (math in
phi.kernels.funcs.vision_shuffle; float64 writes the whole shuffle, where Paddle 3.3.1's
kernel writes only the first half of each plane: see that module)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_shuffle as shuffle_funcs
from phi.kernels.impl.dtype_sets import FLOAT


# Paddle 3.3.1's CPU dtypes (GPU: the same)
@register_kernel("shuffle_channel", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("shuffle_channel", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def shuffle_channel_kernel(dev_ctx: DeviceContext, x: DenseTensor, group: int,
                           out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    shuffle_funcs.channel_shuffle(dev_ctx.xp, x.data, group, "NCHW", data)
