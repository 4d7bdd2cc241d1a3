"""Grads of the linear solvers (PHI <op>_grad of the same names): X, Y, Out, Out@GRAD ->
X@GRAD, Y@GRAD (either may be left out), the forward's attributes. Math:
phi.kernels.funcs.linalg_solve_grad.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import linalg_solve_grad as linalg_solve_grad_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
_WITH_COMPLEX = (*_FLOATS, DataType.COMPLEX64, DataType.COMPLEX128)


class SolveGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        linalg_solve_grad_funcs.solve_grad(
            ctx.xp, x.data, y.data, out.data, out_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class TriangularSolveGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        upper = ctx.attr("upper")
        transpose = ctx.attr("transpose")
        unitriangular = ctx.attr("unitriangular")
        linalg_solve_grad_funcs.triangular_solve_grad(
            ctx.xp, x.data, y.data, out.data, out_grad.data, upper, transpose, unitriangular,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


class CholeskySolveGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.input("Out")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        upper = ctx.attr("upper")
        linalg_solve_grad_funcs.cholesky_solve_grad(
            ctx.xp, x.data, y.data, out.data, out_grad.data, upper,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, y.dtype))


register_operator("solve_grad", GradOp)
register_operator("triangular_solve_grad", GradOp)
register_operator("cholesky_solve_grad", GradOp)
for _op, _kernel, _dtypes in (("solve_grad", SolveGradKernel, _FLOATS),
                              ("triangular_solve_grad", TriangularSolveGradKernel, _WITH_COMPLEX),
                              ("cholesky_solve_grad", CholeskySolveGradKernel, _FLOATS)):
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
