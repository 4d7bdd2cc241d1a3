"""warpctc: the CTC loss of each sequence of Logits (a LoD tensor, or time-major padded
with LogitsLength / LabelLength) against its Label, and the gradient warp-ctc computes
with it (WarpCTCGrad); math in phi.kernels.funcs.loss_alignment."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss_alignment


class WarpCTCOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class WarpCTCKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        logits = ctx.input("Logits")
        label = ctx.input("Label")
        logits_length = ctx.input("LogitsLength")
        label_length = ctx.input("LabelLength")
        loss = ctx.output("Loss")
        warp_ctc_grad = ctx.output("WarpCTCGrad")
        blank = ctx.attr("blank")
        norm_by_times = ctx.attr("norm_by_times")
        batch = loss_alignment.ctc_batch(
            ctx.xp, logits.data, label.data, logits.lod, label.lod,
            None if logits_length is None else logits_length.data,
            None if label_length is None else label_length.data)
        loss_alignment.warpctc(ctx.xp, *batch, blank, norm_by_times,
                               loss.mutable_data(ctx.place, logits.dtype),
                               warp_ctc_grad.mutable_data(ctx.place, logits.dtype))


class WarpCTCGradOp(GradOp):
    """Logits@GRAD: Logits' dims, dtype and LoD."""


class WarpCTCGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        warp_ctc_grad = ctx.input("WarpCTCGrad")
        logits = ctx.input("Logits")
        loss_grad = ctx.input("Loss@GRAD")
        logits_length = ctx.input("LogitsLength")
        logits_grad = ctx.output("Logits@GRAD")
        norm_by_times = ctx.attr("norm_by_times")
        loss_alignment.warpctc_grad(
            ctx.xp, warp_ctc_grad.data, loss_grad.data,
            None if logits_length is None else logits_length.data, logits.lod,
            logits.dims[0], norm_by_times, logits_grad.mutable_data(ctx.place, logits.dtype))


register_operator("warpctc", WarpCTCOp)
register_operator("warpctc_grad", WarpCTCGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("warpctc", "CPU", WarpCTCKernel, _dtype)
    register_op_kernel("warpctc", "GPU", WarpCTCKernel, _dtype)
    register_op_kernel("warpctc_grad", "CPU", WarpCTCGradKernel, _dtype)
    register_op_kernel("warpctc_grad", "GPU", WarpCTCGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "padded", "inputs": {
    "Logits": (5, 2, 4), "Label": {"value": [[1, 2], [3, 0]], "dtype": "int32"},
    "LogitsLength": {"value": [5, 4], "dtype": "int64"},
    "LabelLength": {"value": [2, 1], "dtype": "int64"}}}]
VERIFY_CASES = {"warpctc": VERIFY_CASES, "warpctc_grad": [{"name": "padded", "inputs": {
    "WarpCTCGrad": (5, 2, 4), "Logits": (5, 2, 4), "Loss@GRAD": (2, 1),
    "LogitsLength": {"value": [5, 4], "dtype": "int64"}}, "attrs": {"norm_by_times": True}}]}
