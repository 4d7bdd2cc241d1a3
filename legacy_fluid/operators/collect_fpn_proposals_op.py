"""collect_fpn_proposals: the post_nms_topN best-scored RoIs of every FPN level, regrouped
by image (the inverse of distribute_fpn_proposals); math in phi.kernels.funcs.proposal."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import proposal as prop_funcs


class CollectFpnProposalsOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("MultiLevelRois", "RoIs [R_l, 4] per level", duplicable=True)
        self.add_input("MultiLevelScores", "scores [R_l, 1] per level", duplicable=True)
        self.add_input("MultiLevelRoIsNum", "int32 RoIs per image per level", duplicable=True,
                       dispensable=True)
        self.add_output("FpnRois", "[K, 4] by image (LoD)")
        self.add_output("RoisNum", "[N] int32 RoIs per image", dispensable=True)
        self.add_attr("post_nms_topN", AttrType.INT, None, "RoIs kept over all levels")


class CollectFpnProposalsOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "MultiLevelScores"), ctx.place)


class CollectFpnProposalsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        rois = ctx.multi_input("MultiLevelRois")
        scores = ctx.multi_input("MultiLevelScores")
        rois_num = ctx.multi_input("MultiLevelRoIsNum")
        fpn_rois = ctx.output("FpnRois")
        out_num = ctx.output("RoisNum")
        offsets = [prop_funcs.roi_offsets(r.dims[0], n.data if n is not None else None, r.lod,
                                          "collect_fpn_proposals")
                   for r, n in zip(rois, rois_num or [None] * len(rois))]
        picked, lod, counts = prop_funcs.collect_fpn_proposals(
            [r.data for r in rois], [s.data for s in scores], offsets, ctx.attr("post_nms_topN"))
        fpn_rois.resize(picked.shape)
        fpn_rois.mutable_data(ctx.place, rois[0].dtype)[...] = ctx.xp.asarray(picked)
        fpn_rois.lod = [lod]
        if out_num is not None:
            out_num.resize(counts.shape)
            out_num.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(counts)


register_operator("collect_fpn_proposals", CollectFpnProposalsOp, CollectFpnProposalsOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("collect_fpn_proposals", "CPU", CollectFpnProposalsKernel, _dtype)
    register_op_kernel("collect_fpn_proposals", "GPU", CollectFpnProposalsKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "2 levels, 2 images", "attrs": {"post_nms_topN": 4}, "inputs": {
    "MultiLevelRois": [{"shape": (3, 4), "low": 0.0, "high": 9.0},
                       {"shape": (2, 4), "low": 0.0, "high": 9.0}],
    "MultiLevelScores": [{"shape": (3, 1), "low": 0.0, "high": 1.0},
                         {"shape": (2, 1), "low": 0.0, "high": 1.0}],
    "MultiLevelRoIsNum": [{"value": [2, 1], "dtype": "int32"},
                          {"value": [1, 1], "dtype": "int32"}]},
    "outputs": {"FpnRois": 1, "RoisNum": 1}}]
