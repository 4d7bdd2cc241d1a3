"""svd: X [..., M, N] = U diag(S) VH (S descending, real; U / VH reduced or full). Math
in phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype


class SvdKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        u = ctx.output("U")
        s = ctx.output("S")
        vh = ctx.output("VH")
        full_matrices = ctx.attr("full_matrices")
        mat_funcs.svd(ctx.xp, x.data, full_matrices, u.mutable_data(ctx.place, x.dtype),
                      s.mutable_data(ctx.place, abs_out_dtype(x.dtype)),
                      vh.mutable_data(ctx.place, x.dtype))


register_operator("svd", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("svd", _backend, SvdKernel, _dtype)
