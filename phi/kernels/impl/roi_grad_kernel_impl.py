"""Backward kernels of roi_align, roi_pool and psroi_pool (backward.yaml names): x_grad
from out_grad (roi_pool: at the forward's argmax); x gives the dims only, the RoIs' images
come from rois_num or the RoIs' LoD as in the forward. Math in phi.kernels.funcs.roi_grad.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import roi as roi_funcs
from phi.kernels.funcs import roi_grad as roi_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT

#: roi_align_grad and roi_pool_grad: Paddle 3.3.1's CPU dtypes, int32 as their forwards'
_WITH_INT = [DataType.FLOAT32, DataType.FLOAT64, DataType.INT32]
#: argmax: the forward's int64 flat indices whatever the kernel's dtype
_ARGMAX = {"argmax": {"dtype": DataType.INT64}}


@register_kernel("roi_align_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_INT)
@register_kernel("roi_align_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def roi_align_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                          rois_num: DenseTensor | None, out_grad: DenseTensor,
                          pooled_height: int, pooled_width: int, spatial_scale: float,
                          sampling_ratio: int, aligned: bool, x_grad: OutTensor) -> None:
    rois = ro_is
    batch = roi_funcs.batch_ids("roi_align_grad", rois.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, rois.lod)
    roi_grad_funcs.roi_align_grad(dev_ctx.xp, tuple(x.dims), rois.data, out_grad.data, batch,
                                  pooled_height, pooled_width, spatial_scale, sampling_ratio,
                                  aligned, dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("roi_pool_grad", Backend.CPU, DataLayout.ALL_LAYOUT, _WITH_INT,
                 arg_overrides=_ARGMAX)
@register_kernel("roi_pool_grad", Backend.GPU, DataLayout.ALL_LAYOUT, _WITH_INT,
                 arg_overrides=_ARGMAX)
def roi_pool_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                         rois_num: DenseTensor | None, argmax: DenseTensor,
                         out_grad: DenseTensor, pooled_height: int, pooled_width: int,
                         spatial_scale: float, x_grad: OutTensor) -> None:
    rois = ro_is
    batch = roi_funcs.batch_ids("roi_pool_grad", rois.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, rois.lod)
    roi_grad_funcs.roi_pool_grad(dev_ctx.xp, tuple(x.dims), argmax.data, out_grad.data, batch,
                                 dev_ctx.alloc(x_grad, out_grad.dtype))


@register_kernel("psroi_pool_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("psroi_pool_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def psroi_pool_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, ro_is: DenseTensor,
                           rois_num: DenseTensor | None, out_grad: DenseTensor,
                           pooled_height: int, pooled_width: int, output_channels: int,
                           spatial_scale: float, x_grad: OutTensor) -> None:
    rois = ro_is
    batch = roi_funcs.batch_ids("psroi_pool_grad", rois.dims[0], x.dims[0],
                                None if rois_num is None else rois_num.data, rois.lod)
    roi_grad_funcs.psroi_pool_grad(dev_ctx.xp, tuple(x.dims), rois.data, out_grad.data, batch,
                                   pooled_height, pooled_width, output_channels, spatial_scale,
                                   dev_ctx.alloc(x_grad, out_grad.dtype))
