"""eig: complex eigenvalues and unit-norm column eigenvectors of a general X [..., n, n]
(LAPACK geev). Math in phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs


class EigKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        eigenvalues = ctx.output("Eigenvalues")
        eigenvectors = ctx.output("Eigenvectors")
        dtype = mat_funcs.eig_out_dtype(x.dtype)
        mat_funcs.eig(ctx.xp, x.data, eigenvalues.mutable_data(ctx.place, dtype),
                      eigenvectors.mutable_data(ctx.place, dtype))


register_operator("eig", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("eig", _backend, EigKernel, _dtype)
