"""softmax_with_cross_entropy (PHI cross_entropy_with_softmax) and its grad.

Softmax = softmax(Logits) along `axis` (Logits itself when use_softmax is off); Loss =
cross entropy against Label (class ids, or probabilities with soft_label) with 1 on
`axis`; a hard label equal to ignore_index gives 0. The grad writes Logits@GRAD from
Softmax, Label and Loss@GRAD. Math: phi.kernels.funcs.loss.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class SoftmaxWithCrossEntropyOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ctx.get_input_dim("Logits")
        ctx.set_output_dim("Softmax", dims)
        ctx.set_output_dim("Loss", loss_funcs.loss_dims(dims, ctx.attr("axis")))
        ctx.set_output_dtype("Softmax", ctx.get_input_dtype("Logits"))
        ctx.set_output_dtype("Loss", ctx.get_input_dtype("Logits"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Logits"), ctx.place)


class SoftmaxWithCrossEntropyKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        logits = ctx.input("Logits")
        label = ctx.input("Label")
        softmax = ctx.output("Softmax")
        loss = ctx.output("Loss")
        soft_label = ctx.attr("soft_label")
        use_softmax = ctx.attr("use_softmax")
        ignore_index = ctx.attr("ignore_index")
        axis = ctx.attr("axis")
        sm = softmax.mutable_data(ctx.place, logits.dtype)
        ls = loss.mutable_data(ctx.place, logits.dtype)
        loss_funcs.softmax_with_cross_entropy(ctx.xp, logits.data, label.data, soft_label,
                                              use_softmax, ignore_index, axis, sm, ls)


class SoftmaxWithCrossEntropyGradOp(GradOp):
    LIKE = {"Logits@GRAD": "Softmax"}
    FORWARD_INPUTS_LIKE = {"Logits": "Softmax"}


class SoftmaxWithCrossEntropyGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        label = ctx.input("Label")
        softmax = ctx.input("Softmax")
        loss_grad = ctx.input("Loss@GRAD")
        logits_grad = ctx.output("Logits@GRAD")
        soft_label = ctx.attr("soft_label")
        use_softmax = ctx.attr("use_softmax")
        ignore_index = ctx.attr("ignore_index")
        axis = ctx.attr("axis")
        data = logits_grad.mutable_data(ctx.place, softmax.dtype)
        loss_funcs.softmax_with_cross_entropy_grad(ctx.xp, label.data, softmax.data,
                                                   loss_grad.data, soft_label, use_softmax,
                                                   ignore_index, axis, data)


def _labels(dtype: DataType, rng: object) -> object:
    return rng.integers(0, 4, size=(3, 1)).astype("int64")  # type: ignore[attr-defined]


VERIFY_CASES = {
    "softmax_with_cross_entropy": [
        {"name": "hard labels", "inputs": {"Logits": (3, 4), "Label": _labels}},
        {"name": "soft labels", "inputs": {"Logits": (3, 4), "Label": {"shape": (3, 4),
                                                                       "low": 0, "high": 1}},
         "attrs": {"soft_label": True}},
    ],
    "softmax_with_cross_entropy_grad": [
        {"name": "hard labels", "inputs": {"Label": _labels, "Softmax": {
            "shape": (3, 4), "low": 0.1, "high": 0.4}, "Loss@GRAD": (3, 1)}},
    ],
}

register_operator("softmax_with_cross_entropy", SoftmaxWithCrossEntropyOp)
register_operator("softmax_with_cross_entropy_grad", SoftmaxWithCrossEntropyGradOp)
for _dtype in _FLOAT:
    register_op_kernel("softmax_with_cross_entropy", "CPU", SoftmaxWithCrossEntropyKernel,
                       _dtype)
    register_op_kernel("softmax_with_cross_entropy", "GPU", SoftmaxWithCrossEntropyKernel,
                       _dtype)
    register_op_kernel("softmax_with_cross_entropy_grad", "CPU",
                       SoftmaxWithCrossEntropyGradKernel, _dtype)
    register_op_kernel("softmax_with_cross_entropy_grad", "GPU",
                       SoftmaxWithCrossEntropyGradKernel, _dtype)
