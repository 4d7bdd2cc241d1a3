"""bce_loss: binary cross entropy of probabilities X against Label, per element (logs
clipped at -100); math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class BCELossOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class BCELossKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        loss_funcs.bce_loss(ctx.xp, x.data, label.data, data)


register_operator("bce_loss", BCELossOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("bce_loss", "CPU", BCELossKernel, _dtype)
    register_op_kernel("bce_loss", "GPU", BCELossKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "probabilities", "inputs": {"X": {"shape": (3, 4), "low": 0.01, "high": 0.99},
                                         "Label": {"shape": (3, 4), "low": 0.0, "high": 1.0}}},
]
