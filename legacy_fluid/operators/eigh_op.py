"""eigh: ascending real eigenvalues and column eigenvectors of a Hermitian X [..., n, n]
read from its UPLO triangle. Math in phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype


class EighOp(OperatorWithKernel):
    """Also eigvalsh's operator (legacy_fluid/operators/eigvalsh_op.py)."""


class EighKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        eigenvalues = ctx.output("Eigenvalues")
        eigenvectors = ctx.output("Eigenvectors")
        uplo = ctx.attr("UPLO")
        mat_funcs.eigh(ctx.xp, x.data, uplo,
                       eigenvalues.mutable_data(ctx.place, abs_out_dtype(x.dtype)),
                       eigenvectors.mutable_data(ctx.place, x.dtype))


register_operator("eigh", EighOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("eigh", _backend, EighKernel, _dtype)
