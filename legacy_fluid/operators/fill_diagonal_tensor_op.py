"""fill_diagonal_tensor: Out = X with its diagonal over (dim1, dim2), `offset` to the right,
replaced by Y (X's other dims, then the diagonal's length). Math in
phi.kernels.funcs.creation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import creation as creation_funcs


class FillDiagonalTensorKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        creation_funcs.fill_diagonal_tensor(ctx.xp, x.data, y.data, ctx.attr("offset"),
                                            ctx.attr("dim1"), ctx.attr("dim2"), data)


register_operator("fill_diagonal_tensor", OperatorWithKernel)
for _dtype in (DataType.BOOL, DataType.UINT8, DataType.INT8, DataType.INT16, DataType.INT32,
               DataType.INT64, DataType.FLOAT16, DataType.FLOAT32, DataType.FLOAT64,
               DataType.COMPLEX64, DataType.COMPLEX128):
    register_op_kernel("fill_diagonal_tensor", "CPU", FillDiagonalTensorKernel, _dtype)
    register_op_kernel("fill_diagonal_tensor", "GPU", FillDiagonalTensorKernel, _dtype)

VERIFY_CASES = [{"name": "offset 1", "inputs": {"X": (3, 4), "Y": (3,)},
                 "attrs": {"offset": 1}}]
