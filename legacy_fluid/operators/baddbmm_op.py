"""baddbmm: Out = Beta * Input + Alpha * X @ Y over batches (Input broadcast to [B, M, N];
Beta == 0 never reads Input, Alpha == 0 never reads the product, as BLAS). Math in
phi.kernels.funcs.linalg (addmm's)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class BaddbmmKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        inp = ctx.input("Input")
        x = ctx.input("X")
        y = ctx.input("Y")
        out = ctx.output("Out")
        beta = ctx.attr("Beta")
        alpha = ctx.attr("Alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.addmm(ctx.xp, inp.data, x.data, y.data, beta, alpha, data)


register_operator("baddbmm", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("baddbmm", _backend, BaddbmmKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "batched", "inputs": {"Input": (2, 3, 5), "X": (2, 3, 4),
                                               "Y": (2, 4, 5)}, "attrs": {"Alpha": 2.0}}]
