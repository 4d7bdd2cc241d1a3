"""partial_concat and partial_sum: the columns [start_index, start_index + length) of 2-D
inputs X of one dims (length -1: to the end), side by side (partial_concat; a negative
start counts from the end) or added up (partial_sum); math in phi.kernels.funcs.manipulation.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.kernels.funcs import manipulation as manip_funcs


class PartialConcatKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out = ctx.output("Out")
        start_index = ctx.attr("start_index")
        length = ctx.attr("length")
        data = out.mutable_data(ctx.place, x[0].dtype)
        manip_funcs.partial_concat(ctx.xp, [t.data for t in x], start_index, length, data)


class PartialSumKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out = ctx.output("Out")
        start_index = ctx.attr("start_index")
        length = ctx.attr("length")
        data = out.mutable_data(ctx.place, x[0].dtype)
        manip_funcs.partial_sum(ctx.xp, [t.data for t in x], start_index, length, data)


register_operator("partial_concat", OperatorWithKernel)
register_operator("partial_sum", OperatorWithKernel)
for _dtype in manip_funcs.PARTIAL_SUM_TYPES:
    register_op_kernel("partial_sum", "CPU", PartialSumKernel, _dtype)
    register_op_kernel("partial_sum", "GPU", PartialSumKernel, _dtype)
for _dtype in manip_funcs.PARTIAL_CONCAT_TYPES:
    register_op_kernel("partial_concat", "CPU", PartialConcatKernel, _dtype)
    register_op_kernel("partial_concat", "GPU", PartialConcatKernel, _dtype)

_CASES = [{"name": "columns 1..2", "attrs": {"start_index": 1, "length": 2},
           "inputs": {"X": [(3, 4), (3, 4)]}}]
#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {"partial_concat": _CASES, "partial_sum": _CASES}
