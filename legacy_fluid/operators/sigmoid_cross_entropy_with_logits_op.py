"""sigmoid_cross_entropy_with_logits: the per-element binary cross entropy of logits X
against probabilities Label (ignore_index, normalize, optional pos_weight); math in
phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


class SigmoidCrossEntropyWithLogitsOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class SigmoidCrossEntropyWithLogitsKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        pos_weight = ctx.input("pos_weight")
        out = ctx.output("Out")
        normalize = ctx.attr("normalize")
        ignore_index = ctx.attr("ignore_index")
        data = out.mutable_data(ctx.place, x.dtype)
        loss_funcs.sigmoid_cross_entropy_with_logits(
            ctx.xp, x.data, label.data, None if pos_weight is None else pos_weight.data,
            normalize, ignore_index, data)


register_operator("sigmoid_cross_entropy_with_logits", SigmoidCrossEntropyWithLogitsOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("sigmoid_cross_entropy_with_logits", "CPU",
                       SigmoidCrossEntropyWithLogitsKernel, _dtype)
    register_op_kernel("sigmoid_cross_entropy_with_logits", "GPU",
                       SigmoidCrossEntropyWithLogitsKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [
    {"name": "probabilities", "inputs": {"X": (3, 4), "Label": {"shape": (3, 4), "low": 0.0,
                                                                "high": 1.0}}},
    {"name": "pos_weight, normalize", "attrs": {"normalize": True},
     "inputs": {"X": (3, 4), "Label": {"shape": (3, 4), "low": 0.0, "high": 1.0},
                "pos_weight": (3, 4)}},
]
