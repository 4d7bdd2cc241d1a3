"""warprnnt: the RNN-T loss of log-probabilities input [B, T, U + 1, V] against label
[B, U], and its gradient (warprnntgrad, with FastEmit's label scaling); warprnnt_grad:
input, input_lengths, warprnntgrad, loss@GRAD -> input@GRAD (warprnntgrad times each
sequence's loss@GRAD). Math in phi.kernels.funcs.loss_alignment."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import loss_alignment


class WarpRNNTOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class WarpRNNTKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        acts = ctx.input("input")
        label = ctx.input("label")
        input_lengths = ctx.input("input_lengths")
        label_lengths = ctx.input("label_lengths")
        loss = ctx.output("loss")
        warprnntgrad = ctx.output("warprnntgrad")
        blank = ctx.attr("blank")
        fastemit_lambda = ctx.attr("fastemit_lambda")
        lens = loss_alignment.rnnt_lengths(acts.data, label.data, input_lengths.data,
                                           label_lengths.data)
        loss_alignment.warprnnt(ctx.xp, acts.data, label.data, *lens, blank, fastemit_lambda,
                                loss.mutable_data(ctx.place, acts.dtype),
                                warprnntgrad.mutable_data(ctx.place, acts.dtype))


class WarpRNNTGradOp(GradOp):
    """input@GRAD: input's dims and dtype."""


class WarpRNNTGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input = ctx.input("input")
        warprnntgrad = ctx.input("warprnntgrad")
        loss_grad = ctx.input("loss@GRAD")
        input_grad = ctx.output("input@GRAD")
        loss_alignment.warprnnt_grad(ctx.xp, warprnntgrad.data, loss_grad.data,
                                     input_grad.mutable_data(ctx.place, input.dtype))


register_operator("warprnnt", WarpRNNTOp)
register_operator("warprnnt_grad", WarpRNNTGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("warprnnt", "CPU", WarpRNNTKernel, _dtype)
    register_op_kernel("warprnnt", "GPU", WarpRNNTKernel, _dtype)
    register_op_kernel("warprnnt_grad", "CPU", WarpRNNTGradKernel, _dtype)
    register_op_kernel("warprnnt_grad", "GPU", WarpRNNTGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {"warprnnt": [{"name": "two sequences", "inputs": {
    "input": {"shape": (2, 4, 3, 5), "low": -4.0, "high": 0.0},
    "label": {"value": [[1, 2], [3, 0]], "dtype": "int32"},
    "input_lengths": {"value": [4, 3], "dtype": "int32"},
    "label_lengths": {"value": [2, 1], "dtype": "int32"}}}],
    "warprnnt_grad": [{"name": "two sequences", "inputs": {
    "input": (2, 4, 3, 5), "input_lengths": {"value": [4, 3], "dtype": "int32"},
    "warprnntgrad": (2, 4, 3, 5), "loss@GRAD": (2,)}}]}
