"""lstsq: the minimum-norm least-squares Solution of X Solution = Y; Residuals, Rank and
SingularValues as the driver's LAPACK routine writes them. Math in
phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs

_SLOTS = ("Solution", "Residuals", "Rank", "SingularValues")


class LstsqOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "matrices [..., M, N]")
        self.add_input("Y", "right-hand sides [..., M, K]")
        self.add_output("Solution", "[..., N, K]")
        self.add_output("Residuals", "squared residual norms [..., K], or [0]", dispensable=True)
        self.add_output("Rank", "X's ranks [...] (int32; not written by gels)")
        self.add_output("SingularValues", "[..., min(M, N)] (gelsd / gelss only)")
        self.add_attr("rcond", AttrType.FLOAT, 0.0, "singular values below rcond * max are 0")
        self.add_attr("driver", AttrType.STRING, "gels", "gels, gelsy, gelsd or gelss")


class LstsqKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        solution = ctx.output("Solution")
        residuals = ctx.output("Residuals")
        rank = ctx.output("Rank")
        singular_values = ctx.output("SingularValues")
        rcond = ctx.attr("rcond")
        driver = ctx.attr("driver")
        results = mat_funcs.lstsq(ctx.xp, x.data, y.data, rcond, driver)
        outs = (solution, residuals, rank, singular_values)
        for out, value, written in zip(outs, results, mat_funcs.LstsqDriver.parse(driver).written):
            if out is not None and written:
                out.resize(value.shape).mutable_data(ctx.place)[...] = value


register_operator("lstsq", OperatorWithKernel, LstsqOpMaker)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("lstsq", _backend, LstsqKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "tall gelsd", "inputs": {"X": (5, 3), "Y": (5, 2)},
                 "attrs": {"driver": "gelsd"}, "outputs": {"Residuals": 1}}]
