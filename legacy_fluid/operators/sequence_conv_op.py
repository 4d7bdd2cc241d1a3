"""sequence_conv: a 1-D convolution over the time steps of each sequence.

X [rows, width] with one LoD level covering its rows, Filter [contextLength * width, N] ->
Out [rows, N] with X's LoD: row t is the concatenation of rows t + contextStart ...
t + contextStart + contextLength - 1 of its own sequence (zeros outside it, or with
paddingTrainable the rows of PaddingData [up + down, width]) times Filter. contextStride
must be 1 (as in Paddle). Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class SequenceConvOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SequenceConvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        padding_data = ctx.input("PaddingData")
        filter = ctx.input("Filter")
        out = ctx.output("Out")
        context_length = ctx.attr("contextLength")
        padding_trainable = ctx.attr("paddingTrainable")
        context_start = ctx.attr("contextStart")
        context_stride = ctx.attr("contextStride")
        offsets = seq_funcs.conv_offsets("sequence_conv", x.lod, x.dims[0])
        padding = padding_data.data if padding_trainable else None
        seq_funcs.sequence_conv(ctx.xp, x.data, offsets, filter.data, padding, context_length,
                                context_start, context_stride,
                                out.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "window 3 from -1", "attrs": {"contextLength": 3, "contextStart": -1},
     "inputs": {"X": {"shape": (6, 2), "lod": [[0, 2, 2, 6]]}, "Filter": (6, 3)},
     "outputs": {"Out": 1}},
    {"name": "trainable padding", "attrs": {"contextLength": 3, "contextStart": -2,
                                            "paddingTrainable": True},
     "inputs": {"X": {"shape": (5, 2), "lod": [[0, 1, 5]]}, "PaddingData": (2, 2),
                "Filter": (6, 3)},
     "outputs": {"Out": 1}},
]

register_operator("sequence_conv", SequenceConvOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("sequence_conv", _backend, SequenceConvKernel, _dtype)
