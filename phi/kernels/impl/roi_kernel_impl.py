"""RoI pooling kernels (`fluidphi migrate` output of legacy_fluid/operators/roi_op.py):
roi_align and roi_pool. Math in phi.kernels.funcs.roi.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("roi_align", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32])
@register_kernel("roi_align", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def roi_align_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                     rois_num: DenseTensor | None, pooled_height: int, pooled_width: int,
                     spatial_scale: float, sampling_ratio: int, aligned: bool,
                     out: OutTensor) -> None:
    rois = ro_is
    batch = roi_funcs.batch_ids("roi_align", rois.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, rois.lod)
    roi_funcs.roi_align(dev_ctx.xp, x.data, rois.data, batch, pooled_height,
                        pooled_width, spatial_scale,
                        sampling_ratio, aligned,
                        dev_ctx.alloc(out, x.dtype))

@register_kernel("roi_pool", Backend.CPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32])
@register_kernel("roi_pool", Backend.GPU, DataLayout.ALL_LAYOUT,
                 [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32])
def roi_pool_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                    rois_num: DenseTensor | None, pooled_height: int, pooled_width: int,
                    spatial_scale: float, out: OutTensor, argmax: OutTensor) -> None:
    rois = ro_is
    batch = roi_funcs.batch_ids("roi_pool", rois.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, rois.lod)
    roi_funcs.roi_pool(dev_ctx.xp, x.data, rois.data, batch, pooled_height,
                       pooled_width, spatial_scale,
                       dev_ctx.alloc(out, x.dtype),
                       dev_ctx.alloc(argmax, DataType.INT64))
