"""InferMeta of the NMS ops (multiclass_nms3, multiclass_nms, matrix_nms, nms). Their output
lengths depend on the scores: -1 here, sized by the kernels. Layout checks come from
phi.kernels.funcs.nms, shared with the legacy infer_shape."""

from __future__ import annotations

from phi.common import DataType
from phi.core.meta_tensor import MetaTensor


def _detections(op: str, b_boxes: MetaTensor, scores: MetaTensor, out: MetaTensor,
                index: MetaTensor | None, per_class: bool = True) -> None:
    from phi.kernels.funcs.nms import check_layout

    box = check_layout(op, b_boxes.dims(), scores.dims(), per_class)
    out.set_dims((-1, box + 2))
    out.set_dtype(b_boxes.dtype())
    if index:
        index.set_dims((-1, 1))
        index.set_dtype(DataType.INT32)


def multiclass_nms3_infer_meta(b_boxes: MetaTensor, scores: MetaTensor, rois_num: MetaTensor,
                               score_threshold: float, nms_top_k: int, keep_top_k: int,
                               nms_threshold: float, normalized: bool, nms_eta: float,
                               background_label: int, out: MetaTensor, index: MetaTensor,
                               nms_rois_num: MetaTensor) -> None:
    """out [-1, box + 2], index [-1, 1] int32, nms_rois_num [-1] int32."""
    _detections("multiclass_nms3", b_boxes, scores, out, index)
    if nms_rois_num:
        nms_rois_num.set_dims((-1,))
        nms_rois_num.set_dtype(DataType.INT32)


def multiclass_nms_infer_meta(b_boxes: MetaTensor, scores: MetaTensor, score_threshold: float,
                              nms_top_k: int, keep_top_k: int, nms_threshold: float,
                              nms_eta: float, normalized: bool, background_label: int,
                              out: MetaTensor) -> None:
    """out [-1, box + 2] (the kernel sets its LoD)."""
    _detections("multiclass_nms", b_boxes, scores, out, None)


def matrix_nms_infer_meta(b_boxes: MetaTensor, scores: MetaTensor, score_threshold: float,
                          nms_top_k: int, keep_top_k: int, post_threshold: float,
                          use_gaussian: bool, gaussian_sigma: float, background_label: int,
                          normalized: bool, out: MetaTensor, index: MetaTensor,
                          rois_num: MetaTensor) -> None:
    """out [-1, box + 2], index [-1, 1] int32, rois_num [N] int32."""
    _detections("matrix_nms", b_boxes, scores, out, index, per_class=False)
    if rois_num:
        rois_num.set_dims((scores.dims()[0],))
        rois_num.set_dtype(DataType.INT32)


def nms_infer_meta(boxes: MetaTensor, iou_threshold: float, keep_boxes_idxs: MetaTensor) -> None:
    """keep_boxes_idxs [-1] int64."""
    from phi.kernels.funcs.nms import check_ranked_boxes

    check_ranked_boxes(boxes.dims())
    keep_boxes_idxs.set_dims((-1,))
    keep_boxes_idxs.set_dtype(DataType.INT64)
