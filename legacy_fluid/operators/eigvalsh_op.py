"""eigvalsh: eigh's eigenvalues; the eigenvectors are written too unless is_test (Paddle
keeps them for the gradient). Math in phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.eigh_op import EighOp
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype


class EigvalshOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "Hermitian matrices [..., n, n] (one triangle is read)")
        self.add_output("Eigenvalues", "[..., n], ascending, real")
        self.add_output("Eigenvectors", "[..., n, n] as columns (not written when is_test)")
        self.add_attr("UPLO", AttrType.STRING, "L", "the triangle read: L (lower) or U")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference: no eigenvectors")


class EigvalshKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        eigenvalues = ctx.output("Eigenvalues")
        eigenvectors = ctx.output("Eigenvectors")
        uplo = ctx.attr("UPLO")
        is_test = ctx.attr("is_test")
        v_data = None if is_test else eigenvectors.mutable_data(ctx.place, x.dtype)
        mat_funcs.eigh(ctx.xp, x.data, uplo,
                       eigenvalues.mutable_data(ctx.place, abs_out_dtype(x.dtype)), v_data)


register_operator("eigvalsh", EighOp, EigvalshOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("eigvalsh", _backend, EigvalshKernel, _dtype)
