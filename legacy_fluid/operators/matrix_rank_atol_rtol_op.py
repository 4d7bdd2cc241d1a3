"""matrix_rank_atol_rtol: the ranks of x [..., M, N], singular values above max(atol,
rtol * the largest) counted (rtol absent: eps * max(M, N) where atol is 0). Math in
phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class MatrixRankAtolRtolKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        atol = ctx.input("atol")
        rtol = ctx.input("rtol")
        out = ctx.output("out")
        hermitian = ctx.attr("hermitian")
        data = out.mutable_data(ctx.place, DataType.INT64)
        la_funcs.matrix_rank_atol_rtol(ctx.xp, x.data, atol.data,
                                       None if rtol is None else rtol.data, hermitian, data)


register_operator("matrix_rank_atol_rtol", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("matrix_rank_atol_rtol", _backend, MatrixRankAtolRtolKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "batch", "inputs": {"x": (2, 3, 4), "atol": (2,), "rtol": (2,)}}]
