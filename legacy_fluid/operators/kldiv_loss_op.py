"""kldiv_loss: Kullback-Leibler divergence of Target from log-probabilities X (log_target:
Target holds log-probabilities too), reduced none / batchmean / mean / sum; math in
phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class KLDivLossOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class KLDivLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        target = ctx.input("Target")
        loss = ctx.output("Loss")
        reduction = ctx.attr("reduction")
        log_target = ctx.attr("log_target")
        data = loss.mutable_data(ctx.place, x.dtype)
        loss_funcs.kldiv_loss(ctx.xp, x.data, target.data, reduction, log_target, data)


register_operator("kldiv_loss", KLDivLossOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("kldiv_loss", "CPU", KLDivLossKernel, _dtype)
    register_op_kernel("kldiv_loss", "GPU", KLDivLossKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "batchmean", "attrs": {"reduction": "batchmean"},
     "inputs": {"X": (3, 4), "Target": {"shape": (3, 4), "low": 0.0, "high": 1.0}}},
]
