"""bipartite_match: greedy column-to-row matching of each instance's distance rows (DistMat's
LoD), optionally extended per prediction; math in phi.kernels.funcs.detection."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import detection as det_funcs


class BipartiteMatchKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        dist_mat = ctx.input("DistMat")
        indices = ctx.output("ColToRowMatchIndices")
        dist = ctx.output("ColToRowMatchDist")
        match_type = ctx.attr("match_type")
        dist_threshold = ctx.attr("dist_threshold")
        offsets = det_funcs.bipartite_match_instances("bipartite_match", dist_mat.dims,
                                                      dist_mat.lod, match_type)
        for out in (indices, dist):
            out.resize((len(offsets) - 1, dist_mat.dims[1]))
        det_funcs.bipartite_match(ctx.xp, dist_mat.data, offsets, match_type, dist_threshold,
                                  indices.mutable_data(ctx.place, DataType.INT32),
                                  dist.mutable_data(ctx.place, dist_mat.dtype))


register_operator("bipartite_match", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("bipartite_match", "CPU", BipartiteMatchKernel, _dtype)
    register_op_kernel("bipartite_match", "GPU", BipartiteMatchKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "2 instances, per_prediction", "attrs": {"match_type": "per_prediction"},
                 "inputs": {"DistMat": {"shape": (5, 6), "low": 0.0, "high": 1.0,
                                        "lod": [[0, 2, 5]]}}}]
