"""beam_search_decode: the hypotheses of a finished beam search, traced back through the
steps a decoding loop wrote into two tensor arrays (Ids, Scores: each step's kept
candidates with the LoD beam_search gave them). Outputs SentenceIds (int64) and
SentenceScores (the scores' dtype), 1-D, with the LoD [hypotheses per source, ids per
hypothesis]; their size is data-dependent, so the kernel sizes them.
Math: phi.kernels.funcs.beam.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import beam as beam_funcs


class BeamSearchDecodeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Ids", "the tensor array of each step's kept ids (int64, 2-level LoD)")
        self.add_input("Scores", "the tensor array of each step's kept scores")
        self.add_output("SentenceIds", "the hypotheses' ids, 1-D with a 2-level LoD")
        self.add_output("SentenceScores", "the hypotheses' scores, SentenceIds' LoD")
        self.add_attr("beam_size", AttrType.INT, None, "hypotheses per source")
        self.add_attr("end_id", AttrType.INT, None, "the id that ends a sequence")


class BeamSearchDecodeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        scores = [t for t in ctx.multi_input("Scores") if t is not None and t.initialized()]
        if not scores:
            raise ValueError("op 'beam_search_decode': DataType should be indicated by input "
                             "Variable: the tensor array Scores holds no tensor")
        return OpKernelType(scores[0].dtype, ctx.place)


class BeamSearchDecodeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ids = ctx.multi_input("Ids")
        scores = ctx.multi_input("Scores")
        sentence_ids = ctx.output("SentenceIds")
        sentence_scores = ctx.output("SentenceScores")
        beam_size = ctx.attr("beam_size")
        end_id = ctx.attr("end_id")
        out_ids, out_scores, lod = beam_funcs.beam_search_decode(
            [t.data for t in ids], [t.data for t in scores], [t.lod for t in ids], beam_size,
            end_id)
        for tensor, values in ((sentence_ids, out_ids), (sentence_scores, out_scores)):
            tensor.resize(values.shape)
            data = tensor.mutable_data(ctx.place, DataType.from_numpy(values.dtype))
            data[...] = ctx.xp.asarray(values)
            tensor.lod = lod


_LODS = ([[0, 1], [0, 2]], [[0, 2], [0, 1, 2]])
VERIFY_CASES = [  # Scores in the dtype under test (the kernel's key)
    {"name": "2 steps, beam 2, a finished hypothesis", "attrs": {"beam_size": 2, "end_id": 0},
     "inputs": {"Ids": [{"value": [[3], [4]], "dtype": "int64", "lod": _LODS[0]},
                        {"value": [[0], [5]], "dtype": "int64", "lod": _LODS[1]}],
                "Scores": [{"value": [[-1], [-2]], "lod": _LODS[0]},
                           {"value": [[-1], [-3]], "lod": _LODS[1]}]}},
]

register_operator("beam_search_decode", BeamSearchDecodeOp, BeamSearchDecodeOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16, DataType.INT32,
               DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("beam_search_decode", _backend, BeamSearchDecodeKernel, _dtype)
