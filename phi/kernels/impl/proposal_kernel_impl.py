"""RPN proposal kernels (`fluidphi migrate` output of legacy_fluid/operators/proposal_op.py):
generate_proposals (legacy generate_proposals_v2) and distribute_fpn_proposals, whose list
outputs hold max_level - min_level + 1 tensors (ops.yaml states that sum). Output lengths are
data-dependent: the kernels size them. Math in phi.kernels.funcs.proposal.
"""

from __future__ import annotations

from phi.common import Backend, DataLayout, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OptionalOutTensor, OutTensor, OutTensorList
from phi.core.kernel_registry import register_kernel
from phi.kernels.funcs import proposal as prop_funcs
from phi.kernels.impl.dtype_sets import FLOAT


@register_kernel("generate_proposals", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("generate_proposals", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def generate_proposals_kernel(dev_ctx: DeviceContext, scores: DenseTensor, bbox_deltas: DenseTensor,
                              im_shape: DenseTensor, anchors: DenseTensor, variances: DenseTensor,
                              pre_nms_top_n: int, post_nms_top_n: int, nms_thresh: float,
                              min_size: float, eta: float, pixel_offset: bool, rpn_rois: OutTensor,
                              rpn_roi_probs: OutTensor, rpn_rois_num: OptionalOutTensor) -> None:
    rois, probs, counts = prop_funcs.generate_proposals(
        dev_ctx.xp, scores.data, bbox_deltas.data, im_shape.data, anchors.data, variances.data,
        pre_nms_top_n, post_nms_top_n, nms_thresh,
        min_size, eta, pixel_offset)
    rpn_rois.resize(rois.shape)
    dev_ctx.alloc(rpn_rois, scores.dtype)[...] = dev_ctx.xp.asarray(rois)
    rpn_roi_probs.resize(probs.shape)
    dev_ctx.alloc(rpn_roi_probs, scores.dtype)[...] = dev_ctx.xp.asarray(probs)
    if rpn_rois_num is not None:
        rpn_rois_num.resize((len(counts),))
        dev_ctx.alloc(rpn_rois_num, DataType.INT32)[...] = dev_ctx.xp.asarray(counts)


@register_kernel("distribute_fpn_proposals", Backend.CPU, DataLayout.ALL_LAYOUT, FLOAT)
@register_kernel("distribute_fpn_proposals", Backend.GPU, DataLayout.ALL_LAYOUT, FLOAT)
def distribute_fpn_proposals_kernel(dev_ctx: DeviceContext, fpn_rois: DenseTensor,
                                    rois_num: DenseTensor | None, min_level: int, max_level: int,
                                    refer_level: int, refer_scale: int, pixel_offset: bool,
                                    multi_fpn_rois: OutTensorList, restore_index: OutTensor,
                                    multi_level_rois_num: OutTensorList) -> None:
    offsets = prop_funcs.roi_offsets(fpn_rois.dims[0],
                                     None if rois_num is None else rois_num.data,
                                     fpn_rois.lod)
    levels, lods, restore = prop_funcs.distribute_fpn_proposals(
        fpn_rois.data, offsets, min_level, max_level,
        refer_level, refer_scale, pixel_offset)
    for out, rois, lod in zip(multi_fpn_rois, levels, lods):
        out.resize(rois.shape)
        dev_ctx.alloc(out, fpn_rois.dtype)[...] = dev_ctx.xp.asarray(rois)
        out.lod = [lod]
    restore_index.resize(restore.shape)
    dev_ctx.alloc(restore_index, DataType.INT32)[...] = dev_ctx.xp.asarray(restore)
    for out, lod in zip(multi_level_rois_num, lods):
        if out is not None:
            out.resize((len(lod) - 1,))
            dev_ctx.alloc(out, DataType.INT32)[...] = dev_ctx.xp.asarray(
                prop_funcs.counts_of(lod))
