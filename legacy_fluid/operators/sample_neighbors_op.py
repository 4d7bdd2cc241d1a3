"""graph_sample_neighbors and weighted_sample_neighbors: up to sample_size neighbors of
each node of X in a CSC graph (Row, Col_Ptr), all of them in order where the node has no
more; Out_Count: int32 per node; Out_Eids: the picked edges' Eids (return_eids). A larger
neighborhood is sampled uniformly, or weighted by edge_weight (A-Res), from fluidphi's
generator (Paddle's is seeded by std::random_device; docs/random.md). Math:
phi.kernels.funcs.graph.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import graph as graph_funcs


def write_outputs(ctx: ExecutionContext, slots: tuple[str, ...], arrays: tuple,
                  dtypes: tuple[DataType, ...]) -> None:
    """Each host array (None: left unwritten) into its output slot."""
    for slot, array, dtype in zip(slots, arrays, dtypes):
        if array is not None:
            out = ctx.output(slot)
            out.resize(array.shape)
            out.mutable_data(ctx.place, dtype)[...] = ctx.xp.asarray(array)


class SampleNeighborsOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class GraphSampleNeighborsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        row = ctx.input("Row")
        col_ptr = ctx.input("Col_Ptr")
        x = ctx.input("X")
        eids = ctx.input("Eids")
        sample_size = ctx.attr("sample_size")
        return_eids = ctx.attr("return_eids")
        results = graph_funcs.sample_neighbors(
            "graph_sample_neighbors", row.data, col_ptr.data, x.data, sample_size,
            eids.data if return_eids and eids is not None else None)
        write_outputs(ctx, ("Out", "Out_Count", "Out_Eids"), results,
                      (row.dtype, DataType.INT32, row.dtype))


class WeightedSampleNeighborsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        row = ctx.input("row")
        colptr = ctx.input("colptr")
        edge_weight = ctx.input("edge_weight")
        input_nodes = ctx.input("input_nodes")
        eids = ctx.input("eids")
        sample_size = ctx.attr("sample_size")
        return_eids = ctx.attr("return_eids")
        results = graph_funcs.sample_neighbors(
            "weighted_sample_neighbors", row.data, colptr.data, input_nodes.data, sample_size,
            eids.data if return_eids and eids is not None else None, edge_weight.data)
        write_outputs(ctx, ("out_neighbors", "out_count", "out_eids"), results,
                      (row.dtype, DataType.INT32, row.dtype))


_GRAPH = {"Row": {"value": [3, 7, 0, 9, 1, 4, 2]}, "Col_Ptr": {"value": [0, 2, 4, 5, 7]},
          "X": {"value": [0, 3, 1]}}
VERIFY_CASES = {
    "graph_sample_neighbors": [
        {"name": "all neighbors", "inputs": _GRAPH,
         "attrs": {"sample_size": 5, "return_eids": False, "flag_perm_buffer": False},
         "outputs": {"Out": 1, "Out_Count": 1}}],
    "weighted_sample_neighbors": [
        {"name": "all neighbors",
         "inputs": {"row": _GRAPH["Row"], "colptr": _GRAPH["Col_Ptr"],
                    "edge_weight": {"shape": (7,), "dtype": "float32"},
                    "input_nodes": _GRAPH["X"]},
         "attrs": {"sample_size": 5, "return_eids": False},
         "outputs": {"out_neighbors": 1, "out_count": 1}}],
}

register_operator("graph_sample_neighbors", SampleNeighborsOp)
register_operator("weighted_sample_neighbors", SampleNeighborsOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_sample_neighbors", _backend, GraphSampleNeighborsKernel,
                           _dtype)
        register_op_kernel("weighted_sample_neighbors", _backend,
                           WeightedSampleNeighborsKernel, _dtype)
