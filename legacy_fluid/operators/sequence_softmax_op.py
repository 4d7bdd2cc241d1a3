"""sequence_softmax: softmax within each sequence of a LoD tensor's last level.

X: one value per row ([N] or [N, 1]), its last LoD level covering the N rows -> Out of X's
dims and LoD. Paddle's CPU formula: exp(x) / (sum of exp over the sequence), no max
subtracted, the sum in X's dtype (a float32 sum that overflows gives 0; one that
underflows, inf). Math: phi.kernels.funcs.sequence.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import sequence as seq_funcs


class SequenceSoftmaxOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class SequenceSoftmaxKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        offsets = seq_funcs.check_softmax_input("sequence_softmax", x.dims, x.lod)
        seq_funcs.sequence_softmax(ctx.xp, x.data, offsets,
                                   out.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "3 sequences, one empty", "inputs": {"X": {"shape": (6, 1), "lod": [[0, 2, 2, 6]]}},
     "outputs": {"Out": 1}},
]

register_operator("sequence_softmax", SequenceSoftmaxOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("sequence_softmax", _backend, SequenceSoftmaxKernel, _dtype)
