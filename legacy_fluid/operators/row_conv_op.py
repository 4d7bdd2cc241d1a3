"""row_conv: lookahead (row) convolution over each sequence's time steps.

X [rows, width] with one LoD level covering its rows, or [batch, steps, width] without a LoD
(one sequence per batch row); Filter [future context, width] -> Out of X's dims and LoD:
out[t] = sum over k of x[t + k] * Filter[k] for t + k within t's sequence. Paddle registers
float32 only. Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class RowConvOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class RowConvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        filter = ctx.input("Filter")
        out = ctx.output("Out")
        offsets = seq_funcs.row_conv_offsets("row_conv", x.dims, x.lod)
        seq_funcs.row_conv(ctx.xp, x.data, offsets, filter.data,
                           out.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "LoD", "inputs": {"X": {"shape": (6, 3), "lod": [[0, 2, 2, 6]]}, "Filter": (3, 3)},
     "outputs": {"Out": 1}},
    {"name": "padded", "inputs": {"X": (2, 4, 3), "Filter": (2, 3)}, "outputs": {"Out": 1}},
]

register_operator("row_conv", RowConvOp)
for _backend in ("CPU", "GPU"):
    register_op_kernel("row_conv", _backend, RowConvKernel, DataType.FLOAT32)
