"""hinge_loss: max(0, 1 - Logits * (2 Labels - 1)) on [N, 1] columns (float32 only, as
Paddle); math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class HingeLossOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class HingeLossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        logits = ctx.input("Logits")
        labels = ctx.input("Labels")
        loss = ctx.output("Loss")
        data = loss.mutable_data(ctx.place, logits.dtype)
        loss_funcs.hinge_loss(ctx.xp, logits.data, labels.data, data)


register_operator("hinge_loss", HingeLossOp)
register_op_kernel("hinge_loss", "CPU", HingeLossKernel, DataType.FLOAT32)
register_op_kernel("hinge_loss", "GPU", HingeLossKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "column", "dtypes": ["float32"], "inputs": {
    "Logits": (5, 1), "Labels": {"shape": (5, 1), "dtype": "float32", "low": 0, "high": 1}}}]
