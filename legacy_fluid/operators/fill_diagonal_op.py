"""fill_diagonal: Out = X with its diagonal (shifted by `offset`; `wrap`: restarting below
each square block of a tall matrix) set to `value`, on Paddle's flat walk (3-D and up: only
where every index is equal within the first dims[1]^2 elements). Math in
phi.kernels.funcs.creation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import creation as creation_funcs


class FillDiagonalKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        creation_funcs.fill_diagonal(ctx.xp, x.data, ctx.attr("value"), ctx.attr("offset"),
                                     ctx.attr("wrap"), data)


register_operator("fill_diagonal", OperatorWithKernel)
for _dtype in (DataType.BOOL, DataType.INT32, DataType.INT64, DataType.FLOAT16,
               DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("fill_diagonal", "CPU", FillDiagonalKernel, _dtype)
    register_op_kernel("fill_diagonal", "GPU", FillDiagonalKernel, _dtype)

VERIFY_CASES = [{"name": "tall wrap", "inputs": {"X": (7, 3)},
                 "attrs": {"value": 2.0, "wrap": True, "offset": 1}}]
