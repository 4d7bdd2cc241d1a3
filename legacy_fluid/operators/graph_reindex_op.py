"""graph_reindex (PHI graph_reindex): the sampled subgraph of centers X and their Neighbors
(Count per center) renumbered from 0: Out_Nodes lists X then the new neighbors,
Reindex_Src / Reindex_Dst are the edges in the new ids. The hash-table buffers are a GPU
speed-up and do not change the result. Math: phi.kernels.funcs.graph.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import graph as graph_funcs


class GraphReindexOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Reindex_Src / Reindex_Dst as Neighbors; Out_Nodes known at run time."""
        for slot in ("Reindex_Src", "Reindex_Dst", "Out_Nodes"):
            ctx.set_output_dim(slot, (-1,))
            ctx.set_output_dtype(slot, ctx.get_input_dtype("X"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class GraphReindexKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        neighbors = ctx.input("Neighbors")
        count = ctx.input("Count")
        results = graph_funcs.reindex_graph(x.data, neighbors.data, count.data)
        for slot, array in zip(("Reindex_Src", "Reindex_Dst", "Out_Nodes"), results):
            out = ctx.output(slot)
            out.resize(array.shape)
            out.mutable_data(ctx.place, x.dtype)[...] = ctx.xp.asarray(array)


VERIFY_CASES = [
    {"name": "3 centers", "inputs": {"X": {"value": [0, 1, 2]},
                                     "Neighbors": {"value": [8, 9, 0, 4, 7, 6, 7]},
                                     "Count": {"value": [2, 3, 2], "dtype": "int32"}},
     "outputs": {"Reindex_Src": 1, "Reindex_Dst": 1, "Out_Nodes": 1}},
]

register_operator("graph_reindex", GraphReindexOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("graph_reindex", _backend, GraphReindexKernel, _dtype)
