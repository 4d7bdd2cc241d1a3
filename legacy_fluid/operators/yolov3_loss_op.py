"""yolov3_loss: the YOLOv3 training loss of one detection head (location, class and
objectness terms per image); math and shape rules in phi.kernels.funcs.detection_loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import detection_loss as loss_funcs


class Yolov3LossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        gt_box = ctx.input("GTBox")
        gt_label = ctx.input("GTLabel")
        gt_score = ctx.input("GTScore") if ctx.has_input("GTScore") else None
        loss = ctx.output("Loss").mutable_data(ctx.place, x.dtype)
        obj = ctx.output("ObjectnessMask").mutable_data(ctx.place, x.dtype)
        match = ctx.output("GTMatchMask").mutable_data(ctx.place, DataType.INT32)
        loss_funcs.yolov3_loss(
            ctx.xp, x.data, gt_box.data, gt_label.data,
            None if gt_score is None else gt_score.data, ctx.attr("anchors"),
            ctx.attr("anchor_mask"), ctx.attr("class_num"), ctx.attr("ignore_thresh"),
            ctx.attr("downsample_ratio"), ctx.attr("use_label_smooth"), ctx.attr("scale_x_y"),
            loss, obj, match)


register_operator("yolov3_loss", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("yolov3_loss", "CPU", Yolov3LossKernel, _dtype)
    register_op_kernel("yolov3_loss", "GPU", Yolov3LossKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "2 classes, 2 of 3 anchors", "attrs": {
    "anchors": [10, 13, 16, 30, 33, 23], "anchor_mask": [1, 2], "class_num": 2,
    "downsample_ratio": 8},
    "inputs": {"X": (2, 14, 4, 4),
               "GTBox": {"value": [[[0.3, 0.4, 0.5, 0.6], [0.7, 0.2, 0.3, 0.2]],
                                   [[0.5, 0.5, 0.9, 0.8], [0.1, 0.1, 0.0, 0.0]]]},
               "GTLabel": {"value": [[0, 1], [1, 0]], "dtype": "int32"}},
    "outputs": {"Loss": 1, "ObjectnessMask": 1, "GTMatchMask": 1}}]
