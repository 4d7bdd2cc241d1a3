"""yolo_loss (legacy yolov3_loss): one body for every backend (math in
phi.kernels.funcs.detection_loss, on the host)."""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import detection_loss as loss_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("yolo_loss", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("yolo_loss", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def yolo_loss_kernel(dev_ctx: DeviceContext, x: DenseTensor, gt_box: DenseTensor,
                     gt_label: DenseTensor, gt_score: DenseTensor | None, anchors: list[int],
                     anchor_mask: list[int], class_num: int, ignore_thresh: float,
                     downsample_ratio: int, use_label_smooth: bool, scale_x_y: float,
                     loss: OutTensor, objectness_mask: OutTensor,
                     gt_match_mask: OutTensor) -> None:
    loss_funcs.yolov3_loss(dev_ctx.xp, x.data, gt_box.data, gt_label.data,
                           None if gt_score is None else gt_score.data, anchors, anchor_mask,
                           class_num, ignore_thresh, downsample_ratio, use_label_smooth,
                           scale_x_y, dev_ctx.alloc(loss, x.dtype),
                           dev_ctx.alloc(objectness_mask, x.dtype),
                           dev_ctx.alloc(gt_match_mask, DataType.INT32))
