"""gru_grad and gru_unit_grad: the backward of fluid's LoD `gru` and one-step `gru_unit`,
slots as Paddle's grad OpDescs write them (plain grad ops: the protos are their
phi/backward.yaml entries). gru_grad reads the forward's inputs, its batch-ordered
workspaces BatchGate / BatchResetHiddenPrev / BatchHidden and Hidden@GRAD (the sequences
from Input's LoD); gru_unit_grad reads Gate, ResetHiddenPrev, HiddenPrev, Weight and
Hidden@GRAD. Each writes Input@GRAD, H0@GRAD / HiddenPrev@GRAD, Weight@GRAD and Bias@GRAD
where the program asks for them. Math: phi.kernels.funcs.gru_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import gru_grad as gru_grad_funcs
from phi.kernels.funcs import rnn_lod


class GruGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        h0 = ctx.input("H0")
        weight = ctx.input("Weight")
        batch_gate = ctx.input("BatchGate")
        batch_reset_prev = ctx.input("BatchResetHiddenPrev")
        batch_hidden = ctx.input("BatchHidden")
        hidden_grad = ctx.input("Hidden@GRAD")
        x_grad = ctx.output("Input@GRAD")
        h0_grad = ctx.output("H0@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        offsets = rnn_lod.sequence_offsets("gru_grad", x.lod, x.dims[0])
        acts = rnn_lod.Activation.parse_all("gru_grad", activation=ctx.attr("activation"),
                                            gate_activation=ctx.attr("gate_activation"))
        dtype = hidden_grad.dtype
        gru_grad_funcs.gru_grad(
            ctx.xp, None if h0 is None else h0.data, weight.data, offsets,
            ctx.attr("is_reverse"), ctx.attr("origin_mode"), acts, batch_gate.data,
            batch_reset_prev.data, batch_hidden.data, hidden_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, dtype),
            None if h0_grad is None else h0_grad.mutable_data(ctx.place, dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, dtype))


class GruUnitGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        h_prev = ctx.input("HiddenPrev")
        weight = ctx.input("Weight")
        gate = ctx.input("Gate")
        reset_prev = ctx.input("ResetHiddenPrev")
        hidden_grad = ctx.input("Hidden@GRAD")
        x_grad = ctx.output("Input@GRAD")
        h_prev_grad = ctx.output("HiddenPrev@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        acts = rnn_lod.Activation.parse_all("gru_unit_grad", activation=ctx.attr("activation"),
                                            gate_activation=ctx.attr("gate_activation"))
        dtype = hidden_grad.dtype
        gru_grad_funcs.gru_unit_grad(
            ctx.xp, h_prev.data, weight.data, gate.data, reset_prev.data, hidden_grad.data,
            acts, ctx.attr("origin_mode"),
            None if x_grad is None else x_grad.mutable_data(ctx.place, dtype),
            None if h_prev_grad is None else h_prev_grad.mutable_data(ctx.place, dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, dtype))


register_operator("gru_grad", GradOp)
register_operator("gru_unit_grad", GradOp)
for _op, _kernel in (("gru_grad", GruGradKernel), ("gru_unit_grad", GruUnitGradKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases): random
#: values stand in for the workspaces a training forward would have saved.
VERIFY_CASES = {
    "gru_grad": [{"name": "3 sequences, H0, bias", "inputs": {
        "Input": {"shape": (6, 9), "lod": [[0, 2, 5, 6]]}, "H0": (3, 3), "Weight": (3, 9),
        "Bias": (1, 9), "BatchGate": {"shape": (6, 9), "low": 0.05, "high": 0.95},
        "BatchResetHiddenPrev": (6, 3), "BatchHidden": (6, 3), "Hidden": (6, 3),
        "Hidden@GRAD": (6, 3)}}],
    "gru_unit_grad": [{"name": "batch 3, bias", "inputs": {
        "Input": (3, 6), "HiddenPrev": (3, 2), "Weight": (2, 6), "Bias": (1, 6),
        "Gate": {"shape": (3, 6), "low": 0.05, "high": 0.95}, "ResetHiddenPrev": (3, 2),
        "Hidden@GRAD": (3, 2)}}],
}
