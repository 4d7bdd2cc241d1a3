"""graph_khop_sampler: len(sample_sizes) hops of neighbor sampling from the nodes X of a
CSC graph (Row, Col_Ptr), renumbered: Sample_Index lists the sampled nodes (each hop's
frontier, then the new neighbors), Out_Src / Out_Dst the sampled edges [E, 1] in those ids,
Reindex_X X's ids, Out_Eids the edges' Eids (return_eids). As Paddle's CPU kernel, each hop
samples the first len(X) frontier nodes (docs/random.md). Math: phi.kernels.funcs.graph.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.sample_neighbors_op import write_outputs
from phi.common import DataType
from phi.kernels.funcs import graph as graph_funcs


class GraphKhopSamplerOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class GraphKhopSamplerKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        row = ctx.input("Row")
        col_ptr = ctx.input("Col_Ptr")
        x = ctx.input("X")
        eids = ctx.input("Eids")
        sample_sizes = ctx.attr("sample_sizes")
        return_eids = ctx.attr("return_eids")
        results = graph_funcs.khop_sample(
            row.data, col_ptr.data, x.data, sample_sizes,
            eids.data if return_eids and eids is not None else None)
        write_outputs(ctx, ("Out_Src", "Out_Dst", "Sample_Index", "Reindex_X", "Out_Eids"),
                      results, (row.dtype,) * 5)


VERIFY_CASES = [
    {"name": "two hops", "attrs": {"sample_sizes": [5, 5], "return_eids": False},
     "inputs": {"Row": {"value": [3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7]},
                "Col_Ptr": {"value": [0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13]},
                "X": {"value": [3, 5]}},
     "outputs": {"Out_Src": 1, "Out_Dst": 1, "Sample_Index": 1, "Reindex_X": 1}},
]

register_operator("graph_khop_sampler", GraphKhopSamplerOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_khop_sampler", _backend, GraphKhopSamplerKernel, _dtype)
