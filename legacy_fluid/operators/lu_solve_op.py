"""lu_solve: X of A X = B (trans "N"), A^T X = B ("T") or A^H X = B for A = P L U given
as lu's packed output and 1-based pivots. Math in phi.kernels.funcs.linalg."""

from __future__ import annotations

import numpy as np

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class LuSolveKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        b = ctx.input("b")
        lu = ctx.input("lu")
        pivots = ctx.input("pivots")
        out = ctx.output("out")
        trans = ctx.attr("trans")
        data = out.mutable_data(ctx.place, b.dtype)
        la_funcs.lu_solve(ctx.xp, b.data, lu.data, pivots.data, trans, data)


register_operator("lu_solve", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("lu_solve", _backend, LuSolveKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "3x3", "attrs": {"trans": "N"}, "inputs": {
    "b": (3, 2), "lu": lambda dtype, rng: (rng.uniform(-1, 1, (3, 3)) + 4 * np.eye(3)).astype(
        dtype.to_numpy()), "pivots": {"shape": (3,), "dtype": "int32", "low": 3, "high": 4}}}]
