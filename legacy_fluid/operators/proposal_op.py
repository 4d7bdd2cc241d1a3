"""RPN proposals and FPN levels: generate_proposals_v2 and distribute_fpn_proposals.

- generate_proposals_v2: Scores [N, A, H, W], BboxDeltas [N, 4A, H, W], ImShape [N, 2] (h, w),
  Anchors / Variances [H, W, A, 4] -> RpnRois [P, 4], RpnRoiProbs [P, 1] and RpnRoisNum [N]
  (int32): per image the best pre_nms_topN anchors decoded, clipped, filtered by min_size,
  NMS'd and cut to post_nms_topN (PHI kernel: generate_proposals).
- distribute_fpn_proposals: FpnRois [R, 4] (images by RoisNum or by the LoD) -> one RoI list
  per level min_level..max_level (MultiFpnRois, each with its per-image LoD, and
  MultiLevelRoIsNum), and RestoreIndex [R, 1] (int32): each RoI's row in the levels'
  concatenation.
Output lengths are data-dependent: the kernels size them. Math: phi.kernels.funcs.proposal.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import proposal as prop_funcs


class DistributeFpnProposalsOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("FpnRois", "RoIs of every image, [R, 4]")
        self.add_input("RoisNum", "RoIs per image, [N]", dispensable=True)
        self.add_output("MultiFpnRois", "the RoIs of each level", duplicable=True)
        self.add_output("RestoreIndex", "each RoI's row in the levels' concatenation, [R, 1]")
        self.add_output("MultiLevelRoIsNum", "RoIs per image of each level", duplicable=True,
                        dispensable=True)
        self.add_attr("min_level", AttrType.INT, None, "lowest FPN level")
        self.add_attr("max_level", AttrType.INT, None, "highest FPN level")
        self.add_attr("refer_level", AttrType.INT, None, "level of a refer_scale RoI")
        self.add_attr("refer_scale", AttrType.INT, None, "RoI scale of refer_level")
        self.add_attr("pixel_offset", AttrType.BOOLEAN, True, "pixel (+1) box extents")


class GenerateProposalsV2Op(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Scores"), ctx.place)


class DistributeFpnProposalsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "FpnRois"), ctx.place)


class GenerateProposalsV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        scores = ctx.input("Scores")
        bbox_deltas = ctx.input("BboxDeltas")
        im_shape = ctx.input("ImShape")
        anchors = ctx.input("Anchors")
        variances = ctx.input("Variances")
        rpn_rois = ctx.output("RpnRois")
        rpn_roi_probs = ctx.output("RpnRoiProbs")
        rpn_rois_num = ctx.output("RpnRoisNum")
        rois, probs, counts = prop_funcs.generate_proposals(
            ctx.xp, scores.data, bbox_deltas.data, im_shape.data, anchors.data, variances.data,
            ctx.attr("pre_nms_topN"), ctx.attr("post_nms_topN"), ctx.attr("nms_thresh"),
            ctx.attr("min_size"), ctx.attr("eta"), ctx.attr("pixel_offset"))
        rpn_rois.resize(rois.shape)
        rpn_rois.mutable_data(ctx.place, scores.dtype)[...] = ctx.xp.asarray(rois)
        rpn_roi_probs.resize(probs.shape)
        rpn_roi_probs.mutable_data(ctx.place, scores.dtype)[...] = ctx.xp.asarray(probs)
        if rpn_rois_num is not None:
            rpn_rois_num.resize((len(counts),))
            rpn_rois_num.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(counts)


class DistributeFpnProposalsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        fpn_rois = ctx.input("FpnRois")
        rois_num = ctx.input("RoisNum")
        multi_fpn_rois = ctx.multi_output("MultiFpnRois")
        restore_index = ctx.output("RestoreIndex")
        multi_level_rois_num = ctx.multi_output("MultiLevelRoIsNum")
        offsets = prop_funcs.roi_offsets(fpn_rois.dims[0],
                                         None if rois_num is None else rois_num.data,
                                         fpn_rois.lod)
        levels, lods, restore = prop_funcs.distribute_fpn_proposals(
            fpn_rois.data, offsets, ctx.attr("min_level"), ctx.attr("max_level"),
            ctx.attr("refer_level"), ctx.attr("refer_scale"), ctx.attr("pixel_offset"))
        for out, rois, lod in zip(multi_fpn_rois, levels, lods):
            out.resize(rois.shape)
            out.mutable_data(ctx.place, fpn_rois.dtype)[...] = ctx.xp.asarray(rois)
            out.lod = [lod]
        restore_index.resize(restore.shape)
        restore_index.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(restore)
        for out, lod in zip(multi_level_rois_num, lods):
            if out is not None:
                out.resize((len(lod) - 1,))
                out.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(
                    prop_funcs.counts_of(lod))


def _anchors(dtype: DataType) -> np.ndarray:
    """[2, 3, 2, 4]: squares of side 8 and 16 on a stride-8 grid."""
    cy, cx = np.meshgrid(np.arange(2) * 8.0 + 4, np.arange(3) * 8.0 + 4, indexing="ij")
    half = np.array([4.0, 8.0])
    return np.stack([cx[..., None] - half, cy[..., None] - half, cx[..., None] + half,
                     cy[..., None] + half], axis=-1).astype(dtype.to_numpy())


VERIFY_CASES = {
    "generate_proposals_v2": [{
        "name": "2 anchors on a 2x3 map",
        "attrs": {"pre_nms_topN": 6, "post_nms_topN": 4, "nms_thresh": 0.5, "min_size": 0.5,
                  "eta": 1.0},
        "inputs": {"Scores": (2, 2, 2, 3), "BboxDeltas": (2, 8, 2, 3),
                   "ImShape": {"value": [[20.0, 30.0], [16.0, 24.0]]},
                   "Anchors": lambda dtype, rng: _anchors(dtype),
                   "Variances": lambda dtype, rng: np.ones((2, 3, 2, 4), dtype.to_numpy())}}],
    "distribute_fpn_proposals": [{
        "name": "levels 2..4",
        "attrs": {"min_level": 2, "max_level": 4, "refer_level": 3, "refer_scale": 16},
        "inputs": {"FpnRois": {"value": [[0, 0, 10, 10], [0, 0, 40, 30], [5, 5, 6, 7],
                                         [1, 1, 90, 80]]},
                   "RoisNum": {"value": [3, 1], "dtype": "int32"}},
        "outputs": {"MultiFpnRois": 3, "RestoreIndex": 1, "MultiLevelRoIsNum": 3}}],
}

register_operator("generate_proposals_v2", GenerateProposalsV2Op)
register_operator("distribute_fpn_proposals", DistributeFpnProposalsOp,
                  DistributeFpnProposalsOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("generate_proposals_v2", _backend, GenerateProposalsV2Kernel, _dtype)
        register_op_kernel("distribute_fpn_proposals", _backend, DistributeFpnProposalsKernel,
                           _dtype)
