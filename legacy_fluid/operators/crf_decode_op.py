"""CRF decoders, CPU-only: viterbi_decode (paddle.text) and crf_decoding (fluid).

Paddle registers both on CPU only (the CRF case of kernel_selection.md): inside a GPU
program viterbi_decode has no device kernel and runs on CPU with transfers in and out;
crf_decoding asks for CPU itself (its expected kernel type is CPU on every place, as
Paddle's). Math in phi.kernels.funcs.crf_decode.

- viterbi_decode: Input [B, T, N], Transition [N, N], Length [B] int64 ->
  Scores [B] (Input's dtype), Path [B, max(Length)] int64.
- crf_decoding: Emission [B, T, N] with Length [B] (padded), or [total, N] with a LoD
  (one sequence per level-0 span); Transition [N + 2, N]; optional Label -> ViterbiPath
  [B, T] / [total, 1] int64 (with Label: 1 where the decoded tag equals it, else 0).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import CPUPlace, DataType
from phi.kernels.funcs import crf_decode as crf_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class ViterbiDecodeOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class ViterbiDecodeKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        potentials, transition = ctx.input("Input"), ctx.input("Transition")
        length = ctx.input("Length")
        scores, path = ctx.output("Scores"), ctx.output("Path")
        best, tags = crf_funcs.viterbi_decode(ctx.xp, potentials.data, transition.data,
                                              length.data, ctx.attr("include_bos_eos_tag"))
        scores.mutable_data(ctx.place, potentials.dtype)[...] = best
        path.resize(tags.shape)
        path.mutable_data(ctx.place, DataType.INT64)[...] = tags


class CrfDecodingOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """CPU on every place, as Paddle's crf_decoding."""
        return OpKernelType(self.indicate_var_data_type(ctx, "Emission"), CPUPlace())


class CrfDecodingKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        emission, transition = ctx.input("Emission"), ctx.input("Transition")
        label, length = ctx.input("Label"), ctx.input("Length")
        out = ctx.output("ViterbiPath")
        data = out.mutable_data(ctx.place, DataType.INT64)
        data[...] = crf_funcs.crf_decoding(ctx.xp, emission.data, emission.lod,
                                           transition.data,
                                           None if label is None else label.data,
                                           None if length is None else length.data)


VERIFY_CASES = {
    "viterbi_decode": [
        {"name": "lengths 4, 2, 1", "inputs": {"Input": (3, 4, 5), "Transition": (5, 5),
                                               "Length": {"value": [4, 2, 1],
                                                          "dtype": "int64"}}},
        {"name": "no bos/eos", "inputs": {"Input": (2, 3, 3), "Transition": (3, 3),
                                          "Length": {"value": [3, 3], "dtype": "int64"}},
         "attrs": {"include_bos_eos_tag": False}},
    ],
    "crf_decoding": [
        {"name": "padded", "inputs": {"Emission": (3, 4, 5), "Transition": (7, 5),
                                      "Length": {"value": [4, 0, 2], "dtype": "int64"}}},
    ],
}

register_operator("viterbi_decode", ViterbiDecodeOp)
register_operator("crf_decoding", CrfDecodingOp)
for _dtype in _FLOATS:  # CPU only, as Paddle
    register_op_kernel("viterbi_decode", "CPU", ViterbiDecodeKernel, _dtype)
    register_op_kernel("crf_decoding", "CPU", CrfDecodingKernel, _dtype)
