"""Grads of the linear solvers (PHI <op>_grad of the same names): X, Y, Out, Out@GRAD ->
X@GRAD, Y@GRAD (either may be left out), the forward's attributes; and of the matrix
functions and decompositions (inverse, determinant, slogdeterminant, slogdet_v2, cholesky,
eigh, eig, eigvalsh, svd, svdvals, qr, lu, lu_unpack; lu_solve -> b@GRAD, lu@GRAD): the
forward's outputs (and input) and their gradients -> the input's gradient (a missing
cotangent of eigh / eig / svd / lu_unpack counts as zero), in the input's dtype
(eigh's and svd's real value gradients do not decide it; eig's is complex, made real for a
real X by the executor). Math:
phi.kernels.funcs.linalg_solve_grad.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.kernel_templates import XYOutGradKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_solve_grad as linalg_solve_grad_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
_WITH_COMPLEX = (*_FLOATS, DataType.COMPLEX64, DataType.COMPLEX128)


class InverseGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.input("Output")
        out_grad = ctx.input("Output@GRAD")
        x_grad = ctx.output("Input@GRAD")
        data = x_grad.mutable_data(ctx.place, out.dtype)
        linalg_solve_grad_funcs.inverse_grad(ctx.xp, out.data, out_grad.data, data)


class DeterminantGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("Input@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.determinant_grad(ctx.xp, x.data, out.data, out_grad.data, data)


class SlogDeterminantGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("Input@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.slogdeterminant_grad(ctx.xp, x.data, out_grad.data, data)


class SlogdetV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        logdet_grad = ctx.input("logdet@GRAD")
        x_grad = ctx.output("x@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.slogdet_v2_grad(ctx.xp, x.data, logdet_grad.data, data)


class CholeskyGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        upper = ctx.attr("upper")
        data = x_grad.mutable_data(ctx.place, out.dtype)
        linalg_solve_grad_funcs.cholesky_grad(ctx.xp, out.data, out_grad.data, upper, data)


class EighGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        values = ctx.input("Eigenvalues")
        vectors = ctx.input("Eigenvectors")
        values_grad = ctx.input("Eigenvalues@GRAD")
        vectors_grad = ctx.input("Eigenvectors@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, vectors.dtype)
        linalg_solve_grad_funcs.eigh_grad(
            ctx.xp, values.data, vectors.data,
            None if values_grad is None else values_grad.data,
            None if vectors_grad is None else vectors_grad.data, data)


class EigGradKernel(OpKernel):
    # X@GRAD is complex (the eigenvectors' dtype), as Paddle's; a real X's becomes real in
    # the executor (legacy_fluid.framework.kernel_run)
    def compute(self, ctx: ExecutionContext) -> None:
        values = ctx.input("Eigenvalues")
        vectors = ctx.input("Eigenvectors")
        values_grad = ctx.input("Eigenvalues@GRAD")
        vectors_grad = ctx.input("Eigenvectors@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, vectors.dtype)
        linalg_solve_grad_funcs.eig_grad(
            ctx.xp, values.data, vectors.data,
            None if values_grad is None else values_grad.data,
            None if vectors_grad is None else vectors_grad.data, data)


class EigvalshGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        vectors = ctx.input("Eigenvectors")
        values_grad = ctx.input("Eigenvalues@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, vectors.dtype)
        linalg_solve_grad_funcs.eigvalsh_grad(ctx.xp, vectors.data, values_grad.data, data)


class SvdGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        u = ctx.input("U")
        vh = ctx.input("VH")
        s = ctx.input("S")
        u_grad = ctx.input("U@GRAD")
        vh_grad = ctx.input("VH@GRAD")
        s_grad = ctx.input("S@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.svd_grad(
            ctx.xp, u.data, s.data, vh.data, None if u_grad is None else u_grad.data,
            None if s_grad is None else s_grad.data, None if vh_grad is None else vh_grad.data,
            data)


class SvdvalsGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        s_grad = ctx.input("s@GRAD")
        x_grad = ctx.output("x@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.svdvals_grad(ctx.xp, x.data, s_grad.data, data)


class QrGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        q = ctx.input("Q")
        r = ctx.input("R")
        q_grad = ctx.input("Q@GRAD")
        r_grad = ctx.input("R@GRAD")
        x_grad = ctx.output("X@GRAD")
        mode = ctx.attr("mode")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.qr_grad(ctx.xp, x.data, q.data, r.data, q_grad.data,
                                        r_grad.data, mode, data)


class LuGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.input("Out")
        pivots = ctx.input("Pivots")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.lu_grad(ctx.xp, x.data, out.data, pivots.data, out_grad.data,
                                        data)


class LuUnpackGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        l_grad = ctx.input("L@GRAD")
        u_grad = ctx.input("U@GRAD")
        x_grad = ctx.output("X@GRAD")
        data = x_grad.mutable_data(ctx.place, x.dtype)
        linalg_solve_grad_funcs.lu_unpack_grad(
            ctx.xp, None if l_grad is None else l_grad.data,
            None if u_grad is None else u_grad.data, data)


class LuSolveGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        b = ctx.input("b")
        lu = ctx.input("lu")
        pivots = ctx.input("pivots")
        out = ctx.input("out")
        out_grad = ctx.input("out@GRAD")
        b_grad = ctx.output("b@GRAD")
        lu_grad = ctx.output("lu@GRAD")
        trans = ctx.attr("trans")
        linalg_solve_grad_funcs.lu_solve_grad(
            ctx.xp, b.data, lu.data, pivots.data, out.data, out_grad.data, trans,
            None if b_grad is None else b_grad.mutable_data(ctx.place, b.dtype),
            None if lu_grad is None else lu_grad.mutable_data(ctx.place, lu.dtype))


class TypedGradOp(GradOp):
    """A grad op whose kernel dtype is that of input DTYPE_SLOT (its first incoming gradient
    may be real where the op is complex)."""

    DTYPE_SLOT = ""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, self.DTYPE_SLOT), ctx.place)


class EighGradOp(TypedGradOp):
    LIKE = {"X@GRAD": "Eigenvectors"}
    DTYPE_SLOT = "Eigenvectors"


class SvdGradOp(TypedGradOp):
    DTYPE_SLOT = "X"


class InverseGradOp(GradOp):
    LIKE = {"Input@GRAD": "Output"}


class CholeskyGradOp(GradOp):
    LIKE = {"X@GRAD": "Out"}


register_operator("solve_grad", GradOp)
register_operator("triangular_solve_grad", GradOp)
register_operator("cholesky_solve_grad", GradOp)
register_operator("inverse_grad", InverseGradOp)
register_operator("determinant_grad", GradOp)
register_operator("slogdeterminant_grad", GradOp)
register_operator("slogdet_v2_grad", GradOp)
register_operator("cholesky_grad", CholeskyGradOp)
register_operator("eigh_grad", EighGradOp)
register_operator("eig_grad", EighGradOp)
register_operator("eigvalsh_grad", EighGradOp)
register_operator("svd_grad", SvdGradOp)
register_operator("svdvals_grad", GradOp)
register_operator("qr_grad", GradOp)
register_operator("lu_grad", GradOp)
register_operator("lu_unpack_grad", GradOp)
register_operator("lu_solve_grad", GradOp)
for _op, _kernel, _dtypes in (("inverse_grad", InverseGradKernel, _WITH_COMPLEX),
                              ("determinant_grad", DeterminantGradKernel, _WITH_COMPLEX),
                              ("slogdeterminant_grad", SlogDeterminantGradKernel, _WITH_COMPLEX),
                              ("slogdet_v2_grad", SlogdetV2GradKernel, _WITH_COMPLEX),
                              ("cholesky_grad", CholeskyGradKernel, _FLOATS),
                              ("eigh_grad", EighGradKernel, _WITH_COMPLEX),
                              ("eig_grad", EigGradKernel, _WITH_COMPLEX),
                              ("eigvalsh_grad", EigvalshGradKernel, _WITH_COMPLEX),
                              ("svd_grad", SvdGradKernel, _WITH_COMPLEX),
                              ("svdvals_grad", SvdvalsGradKernel, _FLOATS),
                              ("qr_grad", QrGradKernel, _WITH_COMPLEX),
                              ("lu_grad", LuGradKernel, _WITH_COMPLEX),
                              ("lu_unpack_grad", LuUnpackGradKernel, _WITH_COMPLEX),
                              ("lu_solve_grad", LuSolveGradKernel, _WITH_COMPLEX)):
    for _dtype in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)


def _square(dtype: DataType, rng: np.random.Generator) -> np.ndarray:
    return (rng.uniform(-1, 1, (3, 3)) + 3 * np.eye(3)).astype(dtype.to_numpy())


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    op: [{"name": "3x3 system", "inputs": {"X": _square, "Y": (3, 2), "Out": (3, 2),
                                           "Out@GRAD": (3, 2)}}]
    for op in ("solve_grad", "triangular_solve_grad")
}
VERIFY_CASES["cholesky_solve_grad"] = [{"name": "3x3 factor", "inputs": {
    "X": (3, 2), "Y": _square, "Out": (3, 2), "Out@GRAD": (3, 2)}}]
VERIFY_CASES["inverse_grad"] = [{"name": "3x3 inverse", "inputs": {
    "Output": _square, "Output@GRAD": (3, 3)}}]
VERIFY_CASES["determinant_grad"] = [{"name": "3x3 matrix", "inputs": {
    "Input": _square, "Out": (), "Out@GRAD": ()}}]
VERIFY_CASES["slogdeterminant_grad"] = [{"name": "3x3 matrix", "inputs": {
    "Input": _square, "Out": (2,), "Out@GRAD": (2,)}}]
VERIFY_CASES["slogdet_v2_grad"] = [{"name": "3x3 matrix", "inputs": {
    "x": _square, "sign": (), "logdet": (), "sign@GRAD": (), "logdet@GRAD": ()}}]
VERIFY_CASES["cholesky_grad"] = [{"name": "3x3 factor", "inputs": {
    "Out": lambda dtype, rng: np.tril(_square(dtype, rng)), "Out@GRAD": (3, 3)}}]
VERIFY_CASES["eigh_grad"] = [{"name": "3x3 orthonormal vectors", "inputs": {
    "Eigenvalues": lambda dtype, rng: np.array([1.0, 2.0, 4.0], dtype.to_numpy()),
    "Eigenvectors": lambda dtype, rng: np.linalg.qr(_square(dtype, rng))[0],
    "Eigenvalues@GRAD": (3,), "Eigenvectors@GRAD": (3, 3)}}]
VERIFY_CASES["eig_grad"] = [{"name": "3x3 real-spectrum vectors", "inputs": {
    "Eigenvalues": lambda dtype, rng: np.array([1.0, 2.0, 4.0], dtype.to_numpy()),
    "Eigenvectors": _square,
    "Eigenvalues@GRAD": (3,), "Eigenvectors@GRAD": (3, 3)}}]
VERIFY_CASES["eigvalsh_grad"] = [{"name": "3x3 orthonormal vectors", "inputs": {
    "Eigenvectors": lambda dtype, rng: np.linalg.qr(_square(dtype, rng))[0],
    "Eigenvalues@GRAD": (3,)}}]
VERIFY_CASES["svd_grad"] = [{"name": "3x3 factors", "inputs": {
    "X": (3, 3), "U": lambda dtype, rng: np.linalg.qr(_square(dtype, rng))[0],
    "S": lambda dtype, rng: np.array([4.0, 2.0, 1.0], dtype.to_numpy()),
    "VH": lambda dtype, rng: np.linalg.qr(_square(dtype, rng))[0],
    "U@GRAD": (3, 3), "S@GRAD": (3,), "VH@GRAD": (3, 3)}}]
VERIFY_CASES["svdvals_grad"] = [{"name": "3x4 matrix", "inputs": {"x": (3, 4),
                                                                    "s@GRAD": (3,)}}]
VERIFY_CASES["qr_grad"] = [{"name": "4x3 factors", "inputs": {
    "X": (4, 3), "Q": lambda dtype, rng: np.linalg.qr(rng.uniform(-1, 1, (4, 3)))[0].astype(
        dtype.to_numpy()), "R": lambda dtype, rng: np.triu(_square(dtype, rng)),
    "Q@GRAD": (4, 3), "R@GRAD": (3, 3)}}]
_PIVOTS = {"name": "3x3 factors", "inputs": {
    "X": _square, "Out": _square, "Pivots": lambda dtype, rng: np.array([3, 2, 3], np.int32)}}
VERIFY_CASES["lu_grad"] = [{**_PIVOTS, "inputs": {**_PIVOTS["inputs"], "Out@GRAD": (3, 3)}}]
VERIFY_CASES["lu_unpack_grad"] = [{**_PIVOTS, "inputs": {
    "X": _square, "Pivots": _PIVOTS["inputs"]["Pivots"], "L": (3, 3), "U": (3, 3),
    "Pmat": (3, 3), "L@GRAD": (3, 3), "U@GRAD": (3, 3)}}]
VERIFY_CASES["lu_solve_grad"] = [{"name": "3x3 factors", "inputs": {
    "b": (3, 2), "lu": _square, "pivots": lambda dtype, rng: np.array([3, 2, 3], np.int32),
    "out": (3, 2), "out@GRAD": (3, 2)}, "attrs": {"trans": "N"}}]
register_op_table(XYOutGradKernel, [
    OpKernelRow("solve_grad", "SolveGradKernel", linalg_solve_grad_funcs.solve_grad, _FLOATS),
    OpKernelRow("triangular_solve_grad", "TriangularSolveGradKernel",
                linalg_solve_grad_funcs.triangular_solve_grad, _WITH_COMPLEX,
                attrs=("upper", "transpose", "unitriangular")),
    OpKernelRow("cholesky_solve_grad", "CholeskySolveGradKernel",
                linalg_solve_grad_funcs.cholesky_solve_grad, _FLOATS, attrs=("upper",)),
], by_dtype=True)
