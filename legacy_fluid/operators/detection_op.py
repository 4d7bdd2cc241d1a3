"""Detection box ops: yolo_box, prior_box, anchor_generator, density_prior_box and box_coder.

- yolo_box: YOLOv3 head X [N, A * (5 + classes), H, W] (+ A IoU channels first with
  iou_aware) and ImgSize [N, 2] (h, w) -> Boxes [N, A * H * W, 4], Scores [N, A * H * W,
  classes]; cells below conf_thresh are zeros.
- prior_box: SSD priors [H, W, priors, 4] (normalised) and their Variances, from the dims of
  Input (feature map) and Image.
- anchor_generator: Faster R-CNN anchors [H, W, ratios * sizes, 4] and Variances.
- density_prior_box: face-detector priors, a density x density grid per fixed size and
  ratio in each cell, [H, W, priors, 4] or flattened [H * W * priors, 4] (a Paddle 2.x op:
  3.3.1 no longer registers it).
- box_coder: encode TargetBox [N, 4] against PriorBox [M, 4] into [N, M, 4], or decode
  [N, M, 4] offsets; variances from PriorBoxVar or the `variance` attribute.
Math: phi.kernels.funcs.detection.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import detection as det_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class YoloBoxOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class YoloBoxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        img_size = ctx.input("ImgSize")
        boxes = ctx.output("Boxes")
        scores = ctx.output("Scores")
        det_funcs.yolo_box(
            ctx.xp, x.data, img_size.data, ctx.attr("anchors"), ctx.attr("class_num"),
            ctx.attr("conf_thresh"), ctx.attr("downsample_ratio"), ctx.attr("clip_bbox"),
            ctx.attr("scale_x_y"), ctx.attr("iou_aware"), ctx.attr("iou_aware_factor"),
            boxes.mutable_data(ctx.place, x.dtype), scores.mutable_data(ctx.place, x.dtype))


class PriorBoxOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class PriorBoxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        feature = ctx.input("Input")
        image = ctx.input("Image")
        boxes = ctx.output("Boxes")
        var = ctx.output("Variances")
        det_funcs.prior_box(
            ctx.xp, feature.dims, image.dims, feature.numel() == 0 or image.numel() == 0,
            ctx.attr("min_sizes"), ctx.attr("max_sizes"), ctx.attr("aspect_ratios"),
            ctx.attr("variances"), ctx.attr("flip"), ctx.attr("clip"), ctx.attr("step_w"),
            ctx.attr("step_h"), ctx.attr("offset"), ctx.attr("min_max_aspect_ratios_order"),
            boxes.mutable_data(ctx.place, feature.dtype),
            var.mutable_data(ctx.place, feature.dtype))


class AnchorGeneratorOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class AnchorGeneratorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        feature = ctx.input("Input")
        anchors = ctx.output("Anchors")
        var = ctx.output("Variances")
        det_funcs.anchor_generator(
            ctx.xp, feature.dims, ctx.attr("anchor_sizes"), ctx.attr("aspect_ratios"),
            ctx.attr("variances"), ctx.attr("stride"), ctx.attr("offset"),
            anchors.mutable_data(ctx.place, feature.dtype),
            var.mutable_data(ctx.place, feature.dtype))


class DensityPriorBoxOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class DensityPriorBoxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        feature = ctx.input("Input")
        image = ctx.input("Image")
        boxes = ctx.output("Boxes")
        var = ctx.output("Variances")
        det_funcs.density_prior_box(
            ctx.xp, feature.dims, image.dims, ctx.attr("variances"), ctx.attr("clip"),
            ctx.attr("step_w"), ctx.attr("step_h"), ctx.attr("offset"),
            ctx.attr("fixed_sizes"), ctx.attr("fixed_ratios"), ctx.attr("densities"),
            ctx.attr("flatten_to_2d"), boxes.mutable_data(ctx.place, feature.dtype),
            var.mutable_data(ctx.place, feature.dtype))


class BoxCoderOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "PriorBox"), ctx.place)


class BoxCoderKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        prior = ctx.input("PriorBox")
        prior_var = ctx.input("PriorBoxVar")
        target = ctx.input("TargetBox")
        out = ctx.output("OutputBox")
        det_funcs.box_coder(
            ctx.xp, prior.data, None if prior_var is None else prior_var.data, target.data,
            ctx.attr("code_type"), ctx.attr("box_normalized"), ctx.attr("axis"),
            ctx.attr("variance"), out.mutable_data(ctx.place, prior.dtype))


VERIFY_CASES = {
    "yolo_box": [{"name": "2 anchors, 3 classes", "attrs": {"anchors": [10, 13, 16, 30],
                                                             "class_num": 3},
                  "inputs": {"X": (2, 16, 3, 4),
                             "ImgSize": {"value": [[64, 96], [32, 48]], "dtype": "int32"}}}],
    "prior_box": [{"name": "min/max sizes, ratio 2",
                   "attrs": {"min_sizes": [4.0], "max_sizes": [9.0], "aspect_ratios": [2.0],
                             "variances": [0.1, 0.1, 0.2, 0.2]},
                   "inputs": {"Input": (1, 2, 3, 4), "Image": (1, 3, 24, 32)}}],
    "anchor_generator": [{"name": "2 sizes, 3 ratios",
                          "attrs": {"anchor_sizes": [32.0, 64.0], "aspect_ratios": [0.5, 1, 2],
                                    "variances": [0.1, 0.1, 0.2, 0.2]},
                          "inputs": {"Input": (1, 2, 3, 4)}}],
    "density_prior_box": [{"name": "2 sizes, 2 ratios, densities 2 and 1",
                           "attrs": {"variances": [0.1, 0.1, 0.2, 0.2],
                                     "fixed_sizes": [8.0, 16.0], "fixed_ratios": [1.0, 2.0],
                                     "densities": [2, 1]},
                           "inputs": {"Input": (1, 2, 3, 4), "Image": (1, 3, 24, 32)}}],
    "box_coder": [{"name": "decode with variances", "attrs": {"code_type": "decode_center_size"},
                   "inputs": {"PriorBox": {"value": [[0.1, 0.1, 0.5, 0.6], [0.2, 0.3, 0.9, 0.8]]},
                              "PriorBoxVar": {"value": [[0.1, 0.1, 0.2, 0.2]] * 2},
                              "TargetBox": (3, 2, 4)}}],
}

register_operator("yolo_box", YoloBoxOp)
register_operator("prior_box", PriorBoxOp)
register_operator("anchor_generator", AnchorGeneratorOp)
register_operator("box_coder", BoxCoderOp)
register_operator("density_prior_box", DensityPriorBoxOp)
for _dtype in _FLOAT:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("yolo_box", _backend, YoloBoxKernel, _dtype)
        register_op_kernel("prior_box", _backend, PriorBoxKernel, _dtype)
        register_op_kernel("anchor_generator", _backend, AnchorGeneratorKernel, _dtype)
        register_op_kernel("box_coder", _backend, BoxCoderKernel, _dtype)
        register_op_kernel("density_prior_box", _backend, DensityPriorBoxKernel, _dtype)
