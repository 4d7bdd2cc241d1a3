"""reverse: X with the axes in `axis` reversed (negative: from the end; a repeated axis is
reversed once); math in phi.kernels.funcs.manipulation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import manipulation as manip_funcs


class ReverseKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        manip_funcs.reverse(ctx.xp, x.data, axis, data)


register_operator("reverse", OperatorWithKernel)
for _dtype in (DataType.BOOL, DataType.UINT8, DataType.INT32, DataType.INT64, DataType.FLOAT32,
               DataType.FLOAT64):
    register_op_kernel("reverse", "CPU", ReverseKernel, _dtype)
    register_op_kernel("reverse", "GPU", ReverseKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "both axes", "attrs": {"axis": [1, -2]}, "inputs": {"X": (3, 4)}}]
