"""Linear solvers, chained products, ranks and decompositions: solve, triangular_solve,
cholesky_solve, multi_dot, matrix_rank, qr, lu, lu_unpack.

solve -> Out = X^-1 Y (Y a batch of vectors when its rank is 1 or X's minus 1);
triangular_solve -> Out from X's upper (lower) triangle, maybe transposed or unit-diagonal;
cholesky_solve -> Out = (Y Y^H)^-1 X for Y a Cholesky factor (lower, or upper: Y^H Y);
multi_dot -> Out = X[0] @ ... @ X[n-1]; matrix_rank -> Out = the ranks (int64; a fed
TolTensor selects PHI matrix_rank_tol, so the codemod leaves this kernel to a hand-written
one); qr -> Q, R (Householder signs as LAPACK's); lu -> Out, Pivots, Infos (LAPACK getrf;
PHI names the attribute `pivot`); lu_unpack -> Pmat, L, U (X = Pmat L U).
Semantics: phi.kernels.funcs.linalg_solve.
"""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import XYKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_solve as linalg_solve_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)


class MatrixRankOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "matrices [..., M, N]")
        self.add_input("TolTensor", "absolute tolerances, broadcast against X's batch dims "
                       "(replaces `tol`)", dispensable=True)
        self.add_output("Out", "the ranks [...] (int64)")
        self.add_attr("tol", AttrType.FLOAT, 0.0, "absolute tolerance (unless use_default_tol)")
        self.add_attr("hermitian", AttrType.BOOLEAN, False,
                      "X is Hermitian: |eigenvalues| of its lower triangle, not an SVD")
        self.add_attr("use_default_tol", AttrType.BOOLEAN, True,
                      "tolerance eps * max(M, N) * the largest singular value; `tol` unused")


class MultiDotKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x[0].dtype)
        linalg_solve_funcs.multi_dot(ctx.xp, [t.data for t in x], data)


class MatrixRankKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        tol = ctx.attr("tol")
        use_default_tol = ctx.attr("use_default_tol")
        hermitian = ctx.attr("hermitian")
        data = out.mutable_data(ctx.place, DataType.INT64)
        if ctx.has_input("TolTensor"):
            atol = ctx.input("TolTensor").data
        else:
            atol = 0.0 if use_default_tol else tol
        linalg_solve_funcs.matrix_rank(ctx.xp, x.data, atol, use_default_tol, hermitian, data)


class QrKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        q = ctx.output("Q")
        r = ctx.output("R")
        mode = ctx.attr("mode")
        q_data = q.mutable_data(ctx.place, x.dtype)
        r_data = r.mutable_data(ctx.place, x.dtype)
        linalg_solve_funcs.qr(ctx.xp, x.data, mode, q_data, r_data)


class LuKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        pivots_out = ctx.output("Pivots")
        infos = ctx.output("Infos")
        pivots = ctx.attr("pivots")
        if not pivots:
            raise ValueError("lu: lu without pivoting is not implemented on the CPU "
                             "(attribute pivots=False)")
        data = out.mutable_data(ctx.place, x.dtype)
        pivots_data = pivots_out.mutable_data(ctx.place, DataType.INT32)
        infos_data = infos.mutable_data(ctx.place, DataType.INT32)
        linalg_solve_funcs.lu(ctx.xp, x.data, data, pivots_data, infos_data)


class LuUnpackKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        pivots = ctx.input("Pivots")
        pmat = ctx.output("Pmat")
        lower = ctx.output("L")
        upper = ctx.output("U")
        unpack_ludata = ctx.attr("unpack_ludata")
        unpack_pivots = ctx.attr("unpack_pivots")
        pmat_data = pmat.mutable_data(ctx.place, x.dtype)
        l_data = lower.mutable_data(ctx.place, x.dtype)
        u_data = upper.mutable_data(ctx.place, x.dtype)
        linalg_solve_funcs.lu_unpack(ctx.xp, x.data, pivots.data, unpack_ludata, unpack_pivots,
                                     pmat_data, l_data, u_data)


def _well_conditioned(dtype: DataType, rng: np.random.Generator) -> np.ndarray:
    """Random 2 x 3 x 3 matrices + 4 I (invertible, a dominant diagonal)."""
    return (rng.uniform(-1, 1, (2, 3, 3)) + 4 * np.eye(3)).astype(dtype.to_numpy())


VERIFY_CASES = {
    "solve": [{"inputs": {"X": _well_conditioned, "Y": (2, 3, 2)}}],
    "triangular_solve": [{"inputs": {"X": _well_conditioned, "Y": (2, 3, 2)},
                          "attrs": {"upper": False, "transpose": True}}],
    "cholesky_solve": [{"inputs": {"X": (2, 3, 2), "Y": _well_conditioned}}],
    "multi_dot": [{"inputs": {"X": [(3,), (3, 4), (4, 2)]}}],
    "qr": [{"inputs": {"X": (2, 4, 3)}}, {"inputs": {"X": (3, 5)}, "attrs": {"mode": "complete"}}],
    "lu": [{"inputs": {"X": (2, 4, 3)}}],
    "lu_unpack": [{"inputs": {"X": (2, 4, 3),
                              "Pivots": lambda dtype, rng: np.array([[2, 4, 3], [1, 2, 3]],
                                                                    np.int32)}}],
    "matrix_rank": [{"inputs": {"X": (2, 3, 4)}}, {"inputs": {"X": (2, 3, 4)},
                                                    "attrs": {"tol": 0.5,
                                                              "use_default_tol": False}}],
}

register_operator("solve", OperatorWithKernel)
register_operator("triangular_solve", OperatorWithKernel)
register_operator("cholesky_solve", OperatorWithKernel)
register_operator("multi_dot", OperatorWithKernel)
register_operator("matrix_rank", OperatorWithKernel, MatrixRankOpMaker)
register_operator("qr", OperatorWithKernel)
register_operator("lu", OperatorWithKernel)
register_operator("lu_unpack", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOAT:
        register_op_kernel("multi_dot", _backend, MultiDotKernel, _dtype)
    for _dtype in (*_FLOAT, *_COMPLEX):
        register_op_kernel("matrix_rank", _backend, MatrixRankKernel, _dtype)
        register_op_kernel("qr", _backend, QrKernel, _dtype)
        register_op_kernel("lu", _backend, LuKernel, _dtype)
        register_op_kernel("lu_unpack", _backend, LuUnpackKernel, _dtype)
register_op_table(XYKernel, [
    OpKernelRow("solve", "SolveKernel", linalg_solve_funcs.solve, _FLOAT),
    OpKernelRow("triangular_solve", "TriangularSolveKernel", linalg_solve_funcs.triangular_solve,
                (*_FLOAT, *_COMPLEX), attrs=("upper", "transpose", "unitriangular")),
    OpKernelRow("cholesky_solve", "CholeskySolveKernel", linalg_solve_funcs.cholesky_solve, _FLOAT,
                attrs=("upper",)),
])
