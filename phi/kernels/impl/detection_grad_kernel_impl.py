"""Grads of the detection training losses: yolo_loss_grad (legacy yolov3_loss_grad); one
body for every backend (math in phi.kernels.funcs.detection_grad, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import detection_grad as detection_grad_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("yolo_loss_grad", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("yolo_loss_grad", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def yolo_loss_grad_kernel(dev_ctx: DeviceContext, x: DenseTensor, gt_box: DenseTensor,
                          gt_label: DenseTensor, gt_score: DenseTensor | None,
                          objectness_mask: DenseTensor, gt_match_mask: DenseTensor,
                          loss_grad: DenseTensor, anchors: list[int], anchor_mask: list[int],
                          class_num: int, ignore_thresh: float, downsample_ratio: int,
                          use_label_smooth: bool, scale_x_y: float,
                          x_grad: OutTensor) -> None:
    detection_grad_funcs.yolov3_loss_grad(
        dev_ctx.xp, x.data, gt_box.data, gt_label.data,
        None if gt_score is None else gt_score.data, objectness_mask.data, gt_match_mask.data,
        loss_grad.data, anchors, anchor_mask, class_num, downsample_ratio, use_label_smooth,
        dev_ctx.alloc(x_grad, x.dtype))
