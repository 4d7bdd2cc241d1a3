"""Detection box kernels (`fluidphi migrate` output of legacy_fluid/operators/detection_op.py):
yolo_box, prior_box, anchor_generator, density_prior_box, box_coder. Math in
phi.kernels.funcs.detection.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import detection as det_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("yolo_box", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("yolo_box", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def yolo_box_kernel(dev_ctx: DeviceContext, x: DenseTensor, img_size: DenseTensor,
                    anchors: list[int], class_num: int, conf_thresh: float, downsample_ratio: int,
                    clip_bbox: bool, scale_x_y: float, iou_aware: bool, iou_aware_factor: float,
                    boxes: OutTensor, scores: OutTensor) -> None:
    det_funcs.yolo_box(
        dev_ctx.xp, x.data, img_size.data, anchors, class_num,
        conf_thresh, downsample_ratio, clip_bbox,
        scale_x_y, iou_aware, iou_aware_factor,
        dev_ctx.alloc(boxes, x.dtype), dev_ctx.alloc(scores, x.dtype))


@register_kernel("prior_box", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("prior_box", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def prior_box_kernel(dev_ctx: DeviceContext, input: DenseTensor, image: DenseTensor,
                     min_sizes: list[float], max_sizes: list[float], aspect_ratios: list[float],
                     variances: list[float], flip: bool, clip: bool, step_w: float, step_h: float,
                     offset: float, min_max_aspect_ratios_order: bool, boxes: OutTensor,
                     variances_: OutTensor) -> None:
    feature = input
    var = variances_
    det_funcs.prior_box(
        dev_ctx.xp, feature.dims, image.dims, feature.numel() == 0 or image.numel() == 0,
        min_sizes, max_sizes, aspect_ratios,
        variances, flip, clip, step_w,
        step_h, offset, min_max_aspect_ratios_order,
        dev_ctx.alloc(boxes, feature.dtype), dev_ctx.alloc(var, feature.dtype))


@register_kernel("anchor_generator", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("anchor_generator", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def anchor_generator_kernel(dev_ctx: DeviceContext, input: DenseTensor, anchor_sizes: list[float],
                            aspect_ratios: list[float], variances: list[float], stride: list[float],
                            offset: float, anchors: OutTensor, variances_: OutTensor) -> None:
    feature = input
    var = variances_
    det_funcs.anchor_generator(
        dev_ctx.xp, feature.dims, anchor_sizes, aspect_ratios,
        variances, stride, offset,
        dev_ctx.alloc(anchors, feature.dtype), dev_ctx.alloc(var, feature.dtype))


@register_kernel("density_prior_box", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("density_prior_box", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def density_prior_box_kernel(dev_ctx: DeviceContext, input: DenseTensor, image: DenseTensor,
                             variances: list[float], clip: bool, flatten_to_2d: bool,
                             step_w: float, step_h: float, offset: float,
                             fixed_sizes: list[float], fixed_ratios: list[float],
                             densities: list[int], boxes: OutTensor,
                             variances_: OutTensor) -> None:
    feature = input
    var = variances_
    det_funcs.density_prior_box(
        dev_ctx.xp, feature.dims, image.dims, variances, clip,
        step_w, step_h, offset,
        fixed_sizes, fixed_ratios, densities,
        flatten_to_2d, dev_ctx.alloc(boxes, feature.dtype),
        dev_ctx.alloc(var, feature.dtype))


@register_kernel("box_coder", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("box_coder", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def box_coder_kernel(dev_ctx: DeviceContext, prior_box: DenseTensor,
                     prior_box_var: DenseTensor | None, target_box: DenseTensor, code_type: str,
                     box_normalized: bool, axis: int, variance: list[float],
                     output_box: OutTensor) -> None:
    prior = prior_box
    prior_var = prior_box_var
    target = target_box
    out = output_box
    det_funcs.box_coder(
        dev_ctx.xp, prior.data, None if prior_var is None else prior_var.data, target.data,
        code_type, box_normalized, axis,
        variance, dev_ctx.alloc(out, prior.dtype))
