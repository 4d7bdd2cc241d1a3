"""Grads of the detection training losses: yolov3_loss_grad (PHI yolo_loss_grad), slots and
attributes as Paddle 3.3.1's grad OpDesc (a maker: it lists GTBox@GRAD, GTLabel@GRAD and
GTScore@GRAD, which Paddle's kernel never writes): X, GTBox, GTLabel, GTScore,
ObjectnessMask, GTMatchMask, Loss@GRAD -> X@GRAD. Math: phi.kernels.funcs.detection_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.kernels.funcs import detection_grad as detection_grad_funcs

_KEPT_TYPES = ("GTLabel", "GTMatchMask")


class Yolov3LossGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's X")
        self.add_input("GTBox", "the forward's GTBox")
        self.add_input("GTLabel", "the forward's GTLabel")
        self.add_input("GTScore", "the forward's GTScore", dispensable=True)
        self.add_input("ObjectnessMask", "the forward's ObjectnessMask")
        self.add_input("GTMatchMask", "the forward's GTMatchMask")
        self.add_input("Loss@GRAD", "gradient of Loss")
        self.add_output("X@GRAD", "gradient of X")
        self.add_output("GTBox@GRAD", "never written", dispensable=True)
        self.add_output("GTLabel@GRAD", "never written", dispensable=True)
        self.add_output("GTScore@GRAD", "never written", dispensable=True)
        self.add_attr("anchors", AttrType.INTS, [], "the forward's anchors")
        self.add_attr("anchor_mask", AttrType.INTS, [], "the forward's anchor_mask")
        self.add_attr("class_num", AttrType.INT, 1, "the forward's class_num")
        self.add_attr("ignore_thresh", AttrType.FLOAT, 0.7, "the forward's ignore_thresh")
        self.add_attr("downsample_ratio", AttrType.INT, 32, "the forward's downsample_ratio")
        self.add_attr("use_label_smooth", AttrType.BOOLEAN, True, "the forward's setting")
        self.add_attr("scale_x_y", AttrType.FLOAT, 1.0, "the forward's scale_x_y")


class Yolov3LossGradOp(GradOp):
    def get_kernel_type_for_var(self, slot: str, tensor: DenseTensor,
                                expected: OpKernelType) -> OpKernelType | None:
        if slot in _KEPT_TYPES:
            return None  # labels and match indices are read as they are, never cast
        return super().get_kernel_type_for_var(slot, tensor, expected)


class Yolov3LossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        gt_box = ctx.input("GTBox")
        gt_label = ctx.input("GTLabel")
        gt_score = ctx.input("GTScore")
        objectness_mask = ctx.input("ObjectnessMask")
        gt_match_mask = ctx.input("GTMatchMask")
        loss_grad = ctx.input("Loss@GRAD")
        x_grad = ctx.output("X@GRAD")
        detection_grad_funcs.yolov3_loss_grad(
            ctx.xp, x.data, gt_box.data, gt_label.data,
            None if gt_score is None else gt_score.data, objectness_mask.data,
            gt_match_mask.data, loss_grad.data, ctx.attr("anchors"), ctx.attr("anchor_mask"),
            ctx.attr("class_num"), ctx.attr("downsample_ratio"),
            ctx.attr("use_label_smooth"), x_grad.mutable_data(ctx.place, x.dtype))


register_operator("yolov3_loss_grad", Yolov3LossGradOp, Yolov3LossGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("yolov3_loss_grad", "CPU", Yolov3LossGradKernel, _dtype)
    register_op_kernel("yolov3_loss_grad", "GPU", Yolov3LossGradKernel, _dtype)

VERIFY_CASES = [{"name": "2 classes, 2 of 3 anchors, one match", "attrs": {
    "anchors": [10, 13, 16, 30, 33, 23], "anchor_mask": [1, 2], "class_num": 2,
    "downsample_ratio": 8},
    "inputs": {"X": (1, 14, 4, 4), "GTBox": {"value": [[[0.4, 0.6, 0.5, 0.9]]]},
               "GTLabel": {"value": [[1]], "dtype": "int32"}, "GTScore": None,
               "ObjectnessMask": {"shape": (1, 2, 4, 4), "low": 0.0, "high": 0.0},
               "GTMatchMask": {"value": [[1]], "dtype": "int32"}, "Loss@GRAD": (1,)},
    "outputs": {"X@GRAD": 1}}]
