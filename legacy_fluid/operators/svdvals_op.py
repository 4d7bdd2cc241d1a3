"""svdvals: the singular values [..., min(M, N)] of x [..., M, N], descending. Math in
phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs


class SvdvalsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        s = ctx.output("s")
        mat_funcs.svdvals(ctx.xp, x.data, s.mutable_data(ctx.place, x.dtype))


register_operator("svdvals", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("svdvals", _backend, SvdvalsKernel, _dtype)
