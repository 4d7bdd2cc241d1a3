"""psroi_pool: one body for every backend (math in phi.kernels.funcs.roi, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("psroi_pool", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("psroi_pool", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def psroi_pool_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                      rois_num: DenseTensor | None, pooled_height: int, pooled_width: int,
                      output_channels: int, spatial_scale: float, out: OutTensor) -> None:
    batch = roi_funcs.batch_ids("psroi_pool", ro_is.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, ro_is.lod)
    roi_funcs.psroi_pool(dev_ctx.xp, x.data, ro_is.data, batch, pooled_height, pooled_width,
                         output_channels, spatial_scale, dev_ctx.alloc(out, x.dtype))
