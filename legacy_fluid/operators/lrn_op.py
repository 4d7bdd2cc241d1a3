"""lrn: local response normalisation across channels of 4-D X (MidOut: the window sums).
Math and shape rules: phi.kernels.funcs.vision_norm."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_norm as norm_funcs


class LRNKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        mid_out = ctx.output("MidOut")
        n = ctx.attr("n")
        k = ctx.attr("k")
        alpha = ctx.attr("alpha")
        beta = ctx.attr("beta")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        mid = mid_out.mutable_data(ctx.place, x.dtype)
        norm_funcs.lrn(ctx.xp, x.data, n, k, alpha, beta, data_format, data, mid)


register_operator("lrn", OperatorWithKernel)
register_op_kernel("lrn", "CPU", LRNKernel, DataType.FLOAT32)
register_op_kernel("lrn", "GPU", LRNKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "n 3", "attrs": {"n": 3, "alpha": 0.1}, "inputs": {"X": (2, 6, 3, 3)},
                 "dtypes": ["float32"]}]
