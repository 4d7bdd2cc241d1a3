"""ctc_align: greedy CTC decoding (merge repeated tokens, drop blanks).

Padded form: Input [B, T] with InputLength [B, 1] -> Output [B, T] (padded with
padding_value) and OutputLength [B, 1]. LoD form (Input [N, 1] carries a LoD, no
InputLength): Output [M, 1] with the decoded sequences' LoD, [[-1]] when every sequence
decodes to nothing; its length is data-dependent, so the kernel sizes it.
Math: phi.kernels.funcs.ctc.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import ctc as ctc_funcs


class CtcAlignOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class CtcAlignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("Input")
        input_length = ctx.input("InputLength")
        output = ctx.output("Output")
        output_length = ctx.output("OutputLength")
        blank = ctx.attr("blank")
        merge_repeated = ctx.attr("merge_repeated")
        padding_value = ctx.attr("padding_value")
        if input.lod:
            decoded, out_lod = ctc_funcs.ctc_align_lod(ctx.xp, input.data, input.lod, blank,
                                                       merge_repeated)
            output.resize(decoded.shape)
            output.mutable_data(ctx.place, input.dtype)[...] = decoded
            output.lod = [out_lod]
        else:
            lengths = None if input_length is None else input_length.data
            out_lengths = None
            if output_length is not None:
                out_lengths = output_length.mutable_data(ctx.place, input.dtype)
            ctc_funcs.ctc_align_padded(ctx.xp, input.data, lengths, blank, merge_repeated,
                                       padding_value, output.mutable_data(ctx.place, input.dtype),
                                       out_lengths)


VERIFY_CASES = [
    {"name": "padded", "attrs": {"blank": 0},
     "inputs": {"Input": {"value": [[1, 1, 0, 2, 2], [0, 3, 3, 3, 1]]},
                "InputLength": {"value": [[5], [4]]}},
     "outputs": {"Output": 1, "OutputLength": 1}},
]

register_operator("ctc_align", CtcAlignOp)
for _dtype in (DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("ctc_align", _backend, CtcAlignKernel, _dtype)
