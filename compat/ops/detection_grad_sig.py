"""yolov3_loss_grad -> yolo_loss_grad (the desc's GTBox@GRAD, GTLabel@GRAD and GTScore@GRAD
are never written: X@GRAD is the kernel's only output)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("yolov3_loss_grad")
def yolov3_loss_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("yolo_loss_grad",
                           ["X", "GTBox", "GTLabel", "GTScore", "ObjectnessMask",
                            "GTMatchMask", "Loss@GRAD"],
                           ["anchors", "anchor_mask", "class_num", "ignore_thresh",
                            "downsample_ratio", "use_label_smooth", "scale_x_y"], ["X@GRAD"])
