"""Non-maximum suppression: multiclass_nms3, multiclass_nms (v1), matrix_nms and nms.

- multiclass_nms3: per class greedy NMS, then keep_top_k per image. Out [K, 6] rows (label,
  score, x1, y1, x2, y2), Index [K, 1] int32 into the flattened scores, NmsRoisNum [N]
  int32. Input batched (BBoxes [N, M, 4], Scores [N, C, M]) or per-class boxes (BBoxes
  [M, C, 4], Scores [M, C]) with the images given by RoisNum or by BBoxes' LoD.
- multiclass_nms: the same detections; Out carries the per-image LoD, and is [[-1]] (LoD
  [0, 1]) when nothing is kept.
- matrix_nms: Matrix NMS (decayed scores, linear or gaussian) on batched input; Out, Index,
  RoisNum.
- nms: greedy single-class NMS on ranked boxes [N, 4]; the kept indices (int64).
Every output length is data-dependent: the kernels size their outputs. Math:
phi.kernels.funcs.nms.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import nms as nms_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class MulticlassNms3Op(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Scores"), ctx.place)


class MulticlassNmsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Scores"), ctx.place)


class MatrixNmsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Scores"), ctx.place)


class NmsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Boxes"), ctx.place)


class MulticlassNms3Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        bboxes = ctx.input("BBoxes")
        scores = ctx.input("Scores")
        rois_num = ctx.input("RoisNum")
        out = ctx.output("Out")
        index = ctx.output("Index")
        nms_rois_num = ctx.output("NmsRoisNum")
        params = nms_funcs.NmsParams(
            ctx.attr("score_threshold"), ctx.attr("nms_top_k"), ctx.attr("keep_top_k"),
            ctx.attr("nms_threshold"), ctx.attr("nms_eta"), ctx.attr("normalized"),
            ctx.attr("background_label"))
        found = nms_funcs.multiclass_nms(
            ctx.xp, bboxes.data, scores.data,
            nms_funcs.image_offsets(scores.dims, bboxes.lod,
                                    None if rois_num is None else rois_num.data), params)
        out.resize(found.rows.shape)
        out.mutable_data(ctx.place, bboxes.dtype)[...] = found.rows
        index.resize((found.index.size, 1))
        index.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(
            found.index.reshape(-1, 1))
        if nms_rois_num is not None:
            nms_rois_num.resize((len(found.counts),))
            nms_rois_num.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(
                found.counts)


class MulticlassNmsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        bboxes = ctx.input("BBoxes")
        scores = ctx.input("Scores")
        out = ctx.output("Out")
        params = nms_funcs.NmsParams(
            ctx.attr("score_threshold"), ctx.attr("nms_top_k"), ctx.attr("keep_top_k"),
            ctx.attr("nms_threshold"), ctx.attr("nms_eta"), ctx.attr("normalized"),
            ctx.attr("background_label"))
        found = nms_funcs.multiclass_nms(
            ctx.xp, bboxes.data, scores.data,
            nms_funcs.image_offsets(scores.dims, bboxes.lod, None), params)
        rows, lod = nms_funcs.v1_output(ctx.xp, found, bboxes.dtype.to_numpy())
        out.resize(rows.shape)
        out.mutable_data(ctx.place, bboxes.dtype)[...] = rows
        out.lod = [lod]


class MatrixNmsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        bboxes = ctx.input("BBoxes")
        scores = ctx.input("Scores")
        out = ctx.output("Out")
        index = ctx.output("Index")
        rois_num = ctx.output("RoisNum")
        params = nms_funcs.MatrixNmsParams(
            ctx.attr("score_threshold"), ctx.attr("nms_top_k"), ctx.attr("keep_top_k"),
            ctx.attr("post_threshold"), ctx.attr("use_gaussian"), ctx.attr("gaussian_sigma"),
            ctx.attr("background_label"), ctx.attr("normalized"))
        found = nms_funcs.matrix_nms(ctx.xp, bboxes.data, scores.data, params)
        out.resize(found.rows.shape)
        out.mutable_data(ctx.place, bboxes.dtype)[...] = found.rows
        index.resize((found.index.size, 1))
        index.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(
            found.index.reshape(-1, 1))
        if rois_num is not None:
            rois_num.resize((len(found.counts),))
            rois_num.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(found.counts)


class NmsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        boxes = ctx.input("Boxes")
        keep_boxes_idxs = ctx.output("KeepBoxesIdxs")
        kept = nms_funcs.nms_keep(ctx.xp, boxes.data, ctx.attr("iou_threshold"))
        keep_boxes_idxs.resize(kept.shape)
        keep_boxes_idxs.mutable_data(ctx.place, DataType.INT64)[...] = ctx.xp.asarray(kept)


_NMS_ATTRS = {"score_threshold": 0.05, "nms_top_k": 4, "keep_top_k": 3}
_BATCHED = {"BBoxes": {"value": [[[0.1, 0.1, 0.5, 0.5], [0.12, 0.1, 0.5, 0.52],
                                  [0.6, 0.6, 0.9, 0.8]]] * 2},
            "Scores": (2, 2, 3)}
VERIFY_CASES = {
    "multiclass_nms3": [{"name": "batched", "attrs": _NMS_ATTRS, "inputs": _BATCHED,
                         "outputs": {"Out": 1, "Index": 1, "NmsRoisNum": 1}}],
    "multiclass_nms": [{"name": "batched", "attrs": _NMS_ATTRS, "inputs": _BATCHED}],
    "matrix_nms": [{"name": "batched", "attrs": _NMS_ATTRS, "inputs": _BATCHED,
                    "outputs": {"Out": 1, "Index": 1, "RoisNum": 1}}],
    "nms": [{"name": "ranked boxes", "attrs": {"iou_threshold": 0.3},
             "inputs": {"Boxes": {"value": _BATCHED["BBoxes"]["value"][0]}}}],
}

register_operator("multiclass_nms3", MulticlassNms3Op)
register_operator("multiclass_nms", MulticlassNmsOp)
register_operator("matrix_nms", MatrixNmsOp)
register_operator("nms", NmsOp)
for _dtype in _FLOAT:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("multiclass_nms3", _backend, MulticlassNms3Kernel, _dtype)
        register_op_kernel("multiclass_nms", _backend, MulticlassNmsKernel, _dtype)
        register_op_kernel("matrix_nms", _backend, MatrixNmsKernel, _dtype)
        register_op_kernel("nms", _backend, NmsKernel, _dtype)
