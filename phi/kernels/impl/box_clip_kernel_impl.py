"""box_clip: one body for every backend (math in phi.kernels.funcs.detection)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import detection as det_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("box_clip", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("box_clip", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def box_clip_kernel(dev_ctx: DeviceContext, input: DenseTensor, im_info: DenseTensor,
                    output: OutTensor) -> None:
    offsets = det_funcs.box_clip_offsets("box_clip", input.lod, input.dims[0],
                                         im_info.dims[0])
    data = dev_ctx.alloc(output, input.dtype)
    det_funcs.box_clip(dev_ctx.xp, input.data, im_info.data, offsets, data)
