"""l1_norm: Out = sum(|X|) over every element, 0-d (float32 only, as Paddle). Math in
phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class L1NormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        la_funcs.l1_norm(ctx.xp, x.data, out.mutable_data(ctx.place, x.dtype))


register_operator("l1_norm", OperatorWithKernel)
register_op_kernel("l1_norm", "CPU", L1NormKernel, DataType.FLOAT32)
register_op_kernel("l1_norm", "GPU", L1NormKernel, DataType.FLOAT32)
