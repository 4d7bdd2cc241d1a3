"""chunk_eval: precision / recall / F1 of the chunks (IOB, IOE, IOBES or plain tags) found
in Inference against Label, per LoD sequence or SeqLength row; math in
phi.kernels.funcs.metric."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import metric as metric_funcs

_SCORES = ("Precision", "Recall", "F1-Score")
_COUNTS = ("NumInferChunks", "NumLabelChunks", "NumCorrectChunks")


class ChunkEvalOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Inference", "int64 predicted tags: [M, 1] LoD or [B, T] padded")
        self.add_input("Label", "int64 gold tags, Inference's dims and LoD")
        self.add_input("SeqLength", "[B] int64 lengths of padded rows", dispensable=True)
        for slot in (*_SCORES, *_COUNTS):
            self.add_output(slot, "[1]")
        self.add_attr("num_chunk_types", AttrType.INT, None, "chunk types (this id: other)")
        self.add_attr("chunk_scheme", AttrType.STRING, "IOB", "IOB, IOE, IOBES or plain")
        self.add_attr("excluded_chunk_types", AttrType.INTS, [], "chunk types not counted")


class ChunkEvalOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """float32, the scores' type (the tags are int64)."""
        return OpKernelType(DataType.FLOAT32, ctx.place)


class ChunkEvalKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        inference = ctx.input("Inference")
        label = ctx.input("Label")
        seq_length = ctx.input("SeqLength") if ctx.has_input("SeqLength") else None
        num_chunk_types = ctx.attr("num_chunk_types")
        chunk_scheme = ctx.attr("chunk_scheme")
        excluded_chunk_types = ctx.attr("excluded_chunk_types")
        spans = metric_funcs.chunk_eval_offsets(
            inference.dims, label.dims, inference.lod, label.lod,
            None if seq_length is None else seq_length.data)
        outs = [ctx.output(slot).mutable_data(
            ctx.place, DataType.FLOAT32 if slot in _SCORES else DataType.INT64)
            for slot in (*_SCORES, *_COUNTS)]
        metric_funcs.chunk_eval(ctx.xp, inference.data, label.data, spans, num_chunk_types,
                                chunk_scheme, excluded_chunk_types, outs)


register_operator("chunk_eval", ChunkEvalOp, ChunkEvalOpMaker)
for _dtype in (DataType.FLOAT32, DataType.INT64):  # Paddle's registrations; runs float32
    register_op_kernel("chunk_eval", "CPU", ChunkEvalKernel, _dtype)
    register_op_kernel("chunk_eval", "GPU", ChunkEvalKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "IOB, 2 sequences", "attrs": {"num_chunk_types": 3},
                 "dtypes": ["float32"], "inputs": {
                     "Inference": {"shape": (9, 1), "dtype": "int64", "low": 0, "high": 7,
                                   "lod": [[0, 4, 9]]},
                     "Label": {"shape": (9, 1), "dtype": "int64", "low": 0, "high": 7,
                               "lod": [[0, 4, 9]]}}}]
