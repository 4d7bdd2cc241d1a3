"""sequence_expand: repeat X's sequences as often as Y's sequences have elements.

Sequence i of X (its one LoD level, or row i when X has no LoD) is repeated n_i times,
n_i the length of sequence i of Y's LoD level ref_level (-1: the last). Out: the repeated
rows, with one LoD level (the repeated sequences) when X has a LoD. A level without any
sequence leaves X as it is. Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class SequenceExpandOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SequenceExpandKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        ref_level = ctx.attr("ref_level")
        rows, lod = seq_funcs.expand_plan("sequence_expand", x.dims, x.lod, y.lod, ref_level)
        data = out.mutable_data(ctx.place, x.dtype)
        data[...] = x.data if rows is None else x.data[ctx.xp.asarray(rows)]
        out.lod = lod


VERIFY_CASES = [
    {"name": "rows", "inputs": {"X": (3, 2), "Y": {"shape": (5, 1), "lod": [[0, 2, 2, 5]]}},
     "outputs": {"Out": 1}},
    {"name": "sequences", "inputs": {"X": {"shape": (3, 2), "lod": [[0, 2, 3]]},
                                     "Y": {"shape": (3, 1), "lod": [[0, 2, 3]]}},
     "outputs": {"Out": 1}},
]

register_operator("sequence_expand", SequenceExpandOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.INT32, DataType.INT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("sequence_expand", _backend, SequenceExpandKernel, _dtype)
