"""squared_l2_norm and clip_by_norm: the ops ClipGradByGlobalNorm / ClipGradByNorm emit."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import grad_clip as clip_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("squared_l2_norm", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("squared_l2_norm", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def squared_l2_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    clip_funcs.squared_l2_norm(dev_ctx.xp, x.data, data)


@register_kernel("clip_by_norm", Backend.CPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
@register_kernel("clip_by_norm", Backend.GPU, DataLayout.ALL_LAYOUT, [DataType.FLOAT32])
def clip_by_norm_kernel(dev_ctx: DeviceContext, x: DenseTensor, max_norm: float,
                        out: OutTensor) -> None:
    data = dev_ctx.alloc(out, x.dtype)
    clip_funcs.clip_by_norm(dev_ctx.xp, x.data, max_norm, data)
