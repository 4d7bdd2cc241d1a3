"""lstm_grad: the backward of fluid's LoD `lstm`, slots as Paddle's grad OpDesc (the proto
from phi/backward.yaml): Input, H0, C0, Weight, Bias, Hidden, Cell, the training forward's
workspaces BatchGate / BatchCellPreAct and Hidden@GRAD (Paddle passes no Cell@GRAD) ->
Input@GRAD, H0@GRAD, C0@GRAD, Weight@GRAD, Bias@GRAD (peepholes included), each where the
program asks for it. Math: phi.kernels.funcs.lstm_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import lstm_grad as lstm_grad_funcs
from phi.kernels.funcs import rnn_lod


class LstmGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        h0 = ctx.input("H0")
        c0 = ctx.input("C0")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        hidden = ctx.input("Hidden")
        cell = ctx.input("Cell")
        batch_gate = ctx.input("BatchGate")
        batch_cell_pre_act = ctx.input("BatchCellPreAct")
        hidden_grad = ctx.input("Hidden@GRAD")
        input_grad = ctx.output("Input@GRAD")
        h0_grad = ctx.output("H0@GRAD")
        c0_grad = ctx.output("C0@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        use_peepholes = ctx.attr("use_peepholes")
        is_reverse = ctx.attr("is_reverse")
        d = rnn_lod.check_lstm_dims("lstm_grad", x.dims, None if h0 is None else h0.dims,
                                    None if c0 is None else c0.dims, weight.dims, bias.dims,
                                    use_peepholes)
        lstm_grad_funcs.check_workspaces(x.dims[0], d, batch_gate.dims, batch_cell_pre_act.dims)
        offsets = rnn_lod.sequence_offsets("lstm_grad", x.lod, x.dims[0])
        acts = rnn_lod.Activation.parse_all(
            "lstm_grad", gate_activation=ctx.attr("gate_activation"),
            cell_activation=ctx.attr("cell_activation"),
            candidate_activation=ctx.attr("candidate_activation"))
        dtype = hidden_grad.dtype
        lstm_grad_funcs.lstm_grad(
            ctx.xp, None if h0 is None else h0.data, None if c0 is None else c0.data,
            weight.data, bias.data, hidden.data, cell.data, batch_gate.data,
            batch_cell_pre_act.data, hidden_grad.data, offsets, use_peepholes,
            is_reverse, acts,
            None if input_grad is None else input_grad.mutable_data(ctx.place, dtype),
            None if h0_grad is None else h0_grad.mutable_data(ctx.place, dtype),
            None if c0_grad is None else c0_grad.mutable_data(ctx.place, dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, dtype))

#: Random values stand in for what a training forward would have saved.
VERIFY_CASES = [
    {"name": "3 sequences, peepholes, H0 / C0",
     "inputs": {"Input": {"shape": (6, 12), "lod": [[0, 2, 5, 6]]}, "H0": (3, 3), "C0": (3, 3),
                "Weight": (3, 12), "Bias": (1, 21), "Hidden": (6, 3), "Cell": (6, 3),
                "BatchGate": {"shape": (6, 12), "low": 0.05, "high": 0.95},
                "BatchCellPreAct": (6, 3), "Hidden@GRAD": (6, 3)}},
    {"name": "reverse, no peepholes, an empty sequence",
     "attrs": {"use_peepholes": False, "is_reverse": True},
     "inputs": {"Input": {"shape": (4, 8), "lod": [[0, 1, 1, 4]]}, "H0": None, "C0": None,
                "Weight": (2, 8), "Bias": (1, 8), "Hidden": (4, 2), "Cell": (4, 2),
                "BatchGate": (4, 8), "BatchCellPreAct": (4, 2), "Hidden@GRAD": (4, 2)},
     "outputs": {"Input@GRAD": 1, "H0@GRAD": 0, "C0@GRAD": 0, "Weight@GRAD": 1,
                 "Bias@GRAD": 1}},
]

register_operator("lstm_grad", GradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("lstm_grad", _backend, LstmGradKernel, _dtype)
