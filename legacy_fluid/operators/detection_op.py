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

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import detection as det_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class YoloBoxOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "YOLOv3 head output, [N, A * (5 + class_num), H, W]")
        self.add_input("ImgSize", "image (height, width) per sample, int32 [N, 2]")
        self.add_output("Boxes", "x1, y1, x2, y2 per anchor and cell, [N, A * H * W, 4]")
        self.add_output("Scores", "class scores, [N, A * H * W, class_num]")
        self.add_attr("anchors", AttrType.INTS, [], "anchor (w, h) pairs")
        self.add_attr("class_num", AttrType.INT, 1, "number of classes")
        self.add_attr("conf_thresh", AttrType.FLOAT, 0.01, "cells below it are zeros")
        self.add_attr("downsample_ratio", AttrType.INT, 32, "input pixels per cell")
        self.add_attr("clip_bbox", AttrType.BOOLEAN, True, "clip boxes to the image")
        self.add_attr("scale_x_y", AttrType.FLOAT, 1.0, "center offset scale")
        self.add_attr("iou_aware", AttrType.BOOLEAN, False, "X starts with A IoU channels")
        self.add_attr("iou_aware_factor", AttrType.FLOAT, 0.5, "IoU weight in the confidence")


class YoloBoxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        boxes, scores = det_funcs.yolo_box_dims(
            "yolo_box", ctx.get_input_dim("X"), ctx.get_input_dim("ImgSize"),
            ctx.attr("anchors"), ctx.attr("class_num"), ctx.attr("iou_aware"),
            ctx.attr("iou_aware_factor"))
        ctx.set_output_dim("Boxes", boxes)
        ctx.set_output_dim("Scores", scores)
        ctx.set_output_dtype("Boxes", ctx.get_input_dtype("X"))
        ctx.set_output_dtype("Scores", ctx.get_input_dtype("X"))

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


class PriorBoxOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "feature map, NCHW (dims only)")
        self.add_input("Image", "input image, NCHW (dims only)")
        self.add_output("Boxes", "priors (x1, y1, x2, y2) normalised, [H, W, priors, 4]")
        self.add_output("Variances", "each prior's variances, [H, W, priors, 4]")
        self.add_attr("min_sizes", AttrType.FLOATS, None, "minimum prior sizes (pixels)")
        self.add_attr("max_sizes", AttrType.FLOATS, [], "maximum prior sizes (pixels)")
        self.add_attr("aspect_ratios", AttrType.FLOATS, [], "aspect ratios besides 1")
        self.add_attr("variances", AttrType.FLOATS, [], "the four variances")
        self.add_attr("flip", AttrType.BOOLEAN, True, "also the inverse ratios")
        self.add_attr("clip", AttrType.BOOLEAN, True, "clip to [0, 1]")
        self.add_attr("step_w", AttrType.FLOAT, 0.0, "horizontal step (0: image / feature)")
        self.add_attr("step_h", AttrType.FLOAT, 0.0, "vertical step (0: image / feature)")
        self.add_attr("offset", AttrType.FLOAT, 0.5, "center offset within a cell")
        self.add_attr("min_max_aspect_ratios_order", AttrType.BOOLEAN, False,
                      "Caffe's order: min, max, then the other ratios")
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_quantizer", AttrType.BOOLEAN, False, "oneDNN int8 (deprecated)",
                      extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)
        self.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN data type", extra=True)


class PriorBoxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = det_funcs.prior_box_dims(
            "prior_box", ctx.get_input_dim("Input"), ctx.get_input_dim("Image"),
            ctx.attr("min_sizes"), ctx.attr("max_sizes"), ctx.attr("aspect_ratios"),
            ctx.attr("variances"), ctx.attr("flip"))
        for slot in ("Boxes", "Variances"):
            ctx.set_output_dim(slot, dims)
            ctx.set_output_dtype(slot, ctx.get_input_dtype("Input"))

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


class AnchorGeneratorOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "feature map, NCHW (dims only)")
        self.add_output("Anchors", "anchors (x1, y1, x2, y2) in pixels, [H, W, anchors, 4]")
        self.add_output("Variances", "each anchor's variances, [H, W, anchors, 4]")
        self.add_attr("anchor_sizes", AttrType.FLOATS, None, "anchor sizes (pixels)")
        self.add_attr("aspect_ratios", AttrType.FLOATS, None, "height / width ratios")
        self.add_attr("variances", AttrType.FLOATS, None, "the four variances")
        self.add_attr("stride", AttrType.FLOATS, [16.0, 16.0], "anchor stride (w, h)")
        self.add_attr("offset", AttrType.FLOAT, 0.5, "center offset within a stride")


class AnchorGeneratorOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = det_funcs.anchor_generator_dims(
            "anchor_generator", ctx.get_input_dim("Input"), ctx.attr("anchor_sizes"),
            ctx.attr("aspect_ratios"), ctx.attr("variances"), ctx.attr("stride"))
        for slot in ("Anchors", "Variances"):
            ctx.set_output_dim(slot, dims)
            ctx.set_output_dtype(slot, ctx.get_input_dtype("Input"))

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


class DensityPriorBoxOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "feature map, NCHW (dims only)")
        self.add_input("Image", "input image, NCHW (dims only)")
        self.add_output("Boxes", "priors (x1, y1, x2, y2) normalised, [H, W, priors, 4]")
        self.add_output("Variances", "each prior's variances, [H, W, priors, 4]")
        self.add_attr("variances", AttrType.FLOATS, None, "the four variances")
        self.add_attr("clip", AttrType.BOOLEAN, True, "clip to [0, 1]")
        self.add_attr("flatten_to_2d", AttrType.BOOLEAN, False, "outputs [H * W * priors, 4]")
        self.add_attr("step_w", AttrType.FLOAT, 0.0, "horizontal step (0: image / feature)")
        self.add_attr("step_h", AttrType.FLOAT, 0.0, "vertical step (0: image / feature)")
        self.add_attr("offset", AttrType.FLOAT, 0.5, "center offset within a cell")
        self.add_attr("fixed_sizes", AttrType.FLOATS, [], "prior sizes (pixels)")
        self.add_attr("fixed_ratios", AttrType.FLOATS, [], "width / height ratios")
        self.add_attr("densities", AttrType.INTS, [], "grid density per fixed size")


class DensityPriorBoxOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = det_funcs.density_prior_box_dims(
            "density_prior_box", ctx.get_input_dim("Input"), ctx.get_input_dim("Image"),
            ctx.attr("variances"), ctx.attr("fixed_sizes"), ctx.attr("fixed_ratios"),
            ctx.attr("densities"), ctx.attr("flatten_to_2d"))
        for slot in ("Boxes", "Variances"):
            ctx.set_output_dim(slot, dims)
            ctx.set_output_dtype(slot, ctx.get_input_dtype("Input"))

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


class BoxCoderOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("PriorBox", "prior boxes, [M, 4]")
        self.add_input("PriorBoxVar", "prior variances, [M, 4]", dispensable=True)
        self.add_input("TargetBox", "[N, 4] to encode, [N, M, 4] offsets to decode")
        self.add_output("OutputBox", "[N, M, 4]")
        self.add_attr("code_type", AttrType.STRING, "encode_center_size",
                      "encode_center_size or decode_center_size")
        self.add_attr("box_normalized", AttrType.BOOLEAN, True, "boxes in [0, 1] (else pixels)")
        self.add_attr("axis", AttrType.INT, 0, "decode: prior rows along TargetBox dim 1 (0) "
                      "or dim 0 (1)")
        self.add_attr("variance", AttrType.FLOATS, [], "the four variances (no PriorBoxVar)")


class BoxCoderOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        var = ctx.get_input_dim("PriorBoxVar") if ctx.has_input("PriorBoxVar") else None
        ctx.set_output_dim("OutputBox", det_funcs.box_coder_dims(
            "box_coder", ctx.get_input_dim("PriorBox"), var, ctx.get_input_dim("TargetBox"),
            ctx.attr("code_type"), ctx.attr("axis"), ctx.attr("variance")))
        ctx.set_output_dtype("OutputBox", ctx.get_input_dtype("PriorBox"))

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

register_operator("yolo_box", YoloBoxOp, YoloBoxOpMaker)
register_operator("prior_box", PriorBoxOp, PriorBoxOpMaker)
register_operator("anchor_generator", AnchorGeneratorOp, AnchorGeneratorOpMaker)
register_operator("box_coder", BoxCoderOp, BoxCoderOpMaker)
register_operator("density_prior_box", DensityPriorBoxOp, DensityPriorBoxOpMaker)
for _dtype in _FLOAT:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("yolo_box", _backend, YoloBoxKernel, _dtype)
        register_op_kernel("prior_box", _backend, PriorBoxKernel, _dtype)
        register_op_kernel("anchor_generator", _backend, AnchorGeneratorKernel, _dtype)
        register_op_kernel("box_coder", _backend, BoxCoderKernel, _dtype)
        register_op_kernel("density_prior_box", _backend, DensityPriorBoxKernel, _dtype)
