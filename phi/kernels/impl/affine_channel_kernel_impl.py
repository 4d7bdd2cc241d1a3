"""affine_channel: one body for every backend (math in phi.kernels.funcs.vision_norm)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import vision_norm as norm_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("affine_channel", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("affine_channel", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def affine_channel_kernel(dev_ctx: DeviceContext, x: DenseTensor, scale: DenseTensor,
                          bias: DenseTensor, data_layout: str, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    norm_funcs.affine_channel(dev_ctx.xp, x.data, scale.data, bias.data, data_layout, data)
