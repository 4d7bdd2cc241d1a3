"""Non-maximum suppression kernels (`fluidphi migrate` output of
legacy_fluid/operators/nms_op.py): multiclass_nms3, multiclass_nms, matrix_nms, nms. Output
lengths are data-dependent: each kernel sizes its outputs (and multiclass_nms sets Out's
LoD). Math in phi.kernels.funcs.nms.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import nms as nms_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("multiclass_nms3", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("multiclass_nms3", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def multiclass_nms3_kernel(dev_ctx: DeviceContext, b_boxes: DenseTensor, scores: DenseTensor,
                           rois_num: DenseTensor | None, score_threshold: float, nms_top_k: int,
                           keep_top_k: int, nms_threshold: float, normalized: bool, nms_eta: float,
                           background_label: int, out: OutTensor, index: OutTensor,
                           nms_rois_num: OptionalOutTensor) -> None:
    bboxes = b_boxes
    params = nms_funcs.NmsParams(
        score_threshold, nms_top_k, keep_top_k,
        nms_threshold, nms_eta, normalized,
        background_label)
    found = nms_funcs.multiclass_nms(
        dev_ctx.xp, bboxes.data, scores.data,
        nms_funcs.image_offsets(scores.dims, bboxes.lod,
                                None if rois_num is None else rois_num.data), params)
    out.resize(found.rows.shape)
    dev_ctx.alloc(out, bboxes.dtype)[...] = found.rows
    index.resize((found.index.size, 1))
    dev_ctx.alloc(index, DataType.INT32)[...] = dev_ctx.xp.asarray(
        found.index.reshape(-1, 1))
    if nms_rois_num is not None:
        nms_rois_num.resize((len(found.counts),))
        dev_ctx.alloc(nms_rois_num, DataType.INT32)[...] = dev_ctx.xp.asarray(
            found.counts)


@register_kernel("multiclass_nms", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("multiclass_nms", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def multiclass_nms_kernel(dev_ctx: DeviceContext, b_boxes: DenseTensor, scores: DenseTensor,
                          score_threshold: float, nms_top_k: int, keep_top_k: int,
                          nms_threshold: float, nms_eta: float, normalized: bool,
                          background_label: int, out: OutTensor) -> None:
    bboxes = b_boxes
    params = nms_funcs.NmsParams(
        score_threshold, nms_top_k, keep_top_k,
        nms_threshold, nms_eta, normalized,
        background_label)
    found = nms_funcs.multiclass_nms(
        dev_ctx.xp, bboxes.data, scores.data,
        nms_funcs.image_offsets(scores.dims, bboxes.lod, None), params)
    rows, lod = nms_funcs.v1_output(dev_ctx.xp, found, bboxes.dtype.to_numpy())
    out.resize(rows.shape)
    dev_ctx.alloc(out, bboxes.dtype)[...] = rows
    out.lod = [lod]


@register_kernel("matrix_nms", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("matrix_nms", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def matrix_nms_kernel(dev_ctx: DeviceContext, b_boxes: DenseTensor, scores: DenseTensor,
                      score_threshold: float, nms_top_k: int, keep_top_k: int,
                      post_threshold: float, use_gaussian: bool, gaussian_sigma: float,
                      background_label: int, normalized: bool, out: OutTensor, index: OutTensor,
                      rois_num: OptionalOutTensor) -> None:
    bboxes = b_boxes
    params = nms_funcs.MatrixNmsParams(
        score_threshold, nms_top_k, keep_top_k,
        post_threshold, use_gaussian, gaussian_sigma,
        background_label, normalized)
    found = nms_funcs.matrix_nms(dev_ctx.xp, bboxes.data, scores.data, params)
    out.resize(found.rows.shape)
    dev_ctx.alloc(out, bboxes.dtype)[...] = found.rows
    index.resize((found.index.size, 1))
    dev_ctx.alloc(index, DataType.INT32)[...] = dev_ctx.xp.asarray(
        found.index.reshape(-1, 1))
    if rois_num is not None:
        rois_num.resize((len(found.counts),))
        dev_ctx.alloc(rois_num, DataType.INT32)[...] = dev_ctx.xp.asarray(found.counts)


@register_kernel("nms", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("nms", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def nms_kernel(dev_ctx: DeviceContext, boxes: DenseTensor, iou_threshold: float,
               keep_boxes_idxs: OutTensor) -> None:
    kept = nms_funcs.nms_keep(dev_ctx.xp, boxes.data, iou_threshold)
    keep_boxes_idxs.resize(kept.shape)
    dev_ctx.alloc(keep_boxes_idxs, DataType.INT64)[...] = dev_ctx.xp.asarray(kept)
