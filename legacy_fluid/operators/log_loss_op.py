"""log_loss: the negative log likelihood of 0 / 1 Labels under probabilities Predicted, each
log's argument shifted by epsilon, on [N, 1] columns (float32 only, as Paddle); math in
phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class LogLossOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LogLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        predicted = ctx.input("Predicted")
        labels = ctx.input("Labels")
        loss = ctx.output("Loss")
        epsilon = ctx.attr("epsilon")
        data = loss.mutable_data(ctx.place, predicted.dtype)
        loss_funcs.log_loss(ctx.xp, predicted.data, labels.data, epsilon, data)


register_operator("log_loss", LogLossOp)
register_op_kernel("log_loss", "CPU", LogLossKernel, DataType.FLOAT32)
register_op_kernel("log_loss", "GPU", LogLossKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "column", "dtypes": ["float32"], "attrs": {"epsilon": 1e-4}, "inputs": {
    "Predicted": {"shape": (5, 1), "dtype": "float32", "low": 0.05, "high": 0.95},
    "Labels": {"shape": (5, 1), "dtype": "float32", "low": 0, "high": 1}}}]
