"""identity_loss: the loss a program marks as such, summed (reduction 0), averaged (1) or
kept (2); math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class IdentityLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        reduction = ctx.attr("reduction")
        data = out.mutable_data(ctx.place, x.dtype)
        loss_funcs.identity_loss(ctx.xp, x.data, reduction, data)


register_operator("identity_loss", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("identity_loss", "CPU", IdentityLossKernel, _dtype)
    register_op_kernel("identity_loss", "GPU", IdentityLossKernel, _dtype)
