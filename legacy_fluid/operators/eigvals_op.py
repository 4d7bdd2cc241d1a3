"""eigvals: the complex eigenvalues of a general X [..., n, n], in the order LAPACK geev
gives for X^T (Paddle hands it the row-major data). Math in
phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs


class EigvalsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, mat_funcs.eig_out_dtype(x.dtype))
        mat_funcs.eigvals(ctx.xp, x.data, data)


register_operator("eigvals", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("eigvals", _backend, EigvalsKernel, _dtype)
