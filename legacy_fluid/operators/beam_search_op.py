"""beam_search: one step of a beam search over LoD tensors.

pre_ids / pre_scores [rows, 1] (the prefixes' last id and score), ids / scores [rows, K]
(the candidates; without ids, a candidate's id is its column) with a 2-level LoD whose
level `level` groups the rows by source. Outputs selected_ids / selected_scores [N, 1] with
the LoD [source offsets, per-prefix offsets] and parent_idx [N] (the prefix row of each);
N is data-dependent, so the kernel sizes them. Math: phi.kernels.funcs.beam.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import beam as beam_funcs


class BeamSearchOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "scores"), ctx.place)


class BeamSearchKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        pre_ids = ctx.input("pre_ids")
        pre_scores = ctx.input("pre_scores")
        ids = ctx.input("ids")
        scores = ctx.input("scores")
        selected_ids = ctx.output("selected_ids")
        selected_scores = ctx.output("selected_scores")
        parent_idx = ctx.output("parent_idx")
        level = ctx.attr("level")
        beam_size = ctx.attr("beam_size")
        end_id = ctx.attr("end_id")
        is_accumulated = ctx.attr("is_accumulated")
        out_ids, out_scores, parents, lod = beam_funcs.beam_search(
            pre_ids.data, pre_scores.data, None if ids is None else ids.data, scores.data,
            scores.lod, level, beam_size, end_id, is_accumulated)
        for tensor, values, dtype in ((selected_ids, out_ids, DataType.INT64),
                                      (selected_scores, out_scores, DataType.FLOAT32)):
            tensor.resize(values.shape)
            tensor.mutable_data(ctx.place, dtype)[...] = ctx.xp.asarray(values)
            tensor.lod = lod
        if parent_idx is not None:
            parent_idx.resize(parents.shape)
            parent_idx.mutable_data(ctx.place, DataType.INT32)[...] = ctx.xp.asarray(parents)


_LOD = [[0, 1, 2], [0, 1, 2]]
VERIFY_CASES = [
    {"name": "first step", "attrs": {"level": 0, "beam_size": 2, "end_id": 0,
                                     "is_accumulated": True},
     "inputs": {"pre_ids": {"value": [[1], [2]], "dtype": "int64", "lod": _LOD},
                "pre_scores": {"value": [[0.0], [0.0]], "dtype": "float32", "lod": _LOD},
                "ids": {"value": [[3, 4, 5], [6, 7, 8]], "dtype": "int64", "lod": _LOD},
                "scores": {"value": [[-0.5, -0.25, -2.0], [-1.0, -0.75, -0.125]],
                           "dtype": "float32", "lod": _LOD}},
     "outputs": {"parent_idx": 1}},
]

register_operator("beam_search", BeamSearchOp)
# keyed by scores, which Paddle's kernel reads as float32 whatever the key (its other dtype
# registrations cannot run): float32 only (tests/conformance/op_cases/beam.py DTYPE_GAPS)
for _backend in ("CPU", "GPU"):
    register_op_kernel("beam_search", _backend, BeamSearchKernel, DataType.FLOAT32)
