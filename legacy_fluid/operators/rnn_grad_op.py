"""rnn_grad: the backward of the fused `rnn` op (LSTM, GRU, RNN_TANH, RNN_RELU; stacked,
bidirectional, SequenceLength), as Paddle's grad OpDesc writes it.

Reads the forward's inputs (Input, PreState, WeightList, SequenceLength), its Out, the
training workspace it saved (Reserve, `rnn_funcs.ReserveLayout`) and its DropoutState,
and the gradients Out@GRAD and State@GRAD (a program feeds zeros from fill_any_like where
the state is unused); writes Input@GRAD, PreState@GRAD and WeightList@GRAD, each entry
only where the program asks for it (Paddle names the others @EMPTY@). Math:
phi.kernels.funcs.rnn_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from phi.kernels.funcs import rnn as rnn_funcs
from phi.kernels.funcs import rnn_grad as rnn_grad_funcs


class RnnGradOp(GradOp):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dtype = ctx.get_input_dtype("Out@GRAD")
        for slot, source in (("Input@GRAD", "Input"), ("PreState@GRAD", "PreState"),
                             ("WeightList@GRAD", "WeightList")):
            if ctx.output_size(slot) > ctx.input_size(source):
                raise ValueError(f"rnn_grad: {ctx.output_size(slot)} {slot} outputs for "
                                 f"{ctx.input_size(source)} {source} inputs")
            ctx.set_outputs_dim(slot, ctx.get_inputs_dim(source)[:ctx.output_size(slot)])
            ctx.set_outputs_dtype(slot, dtype)


class RnnGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        pre_state = ctx.multi_input("PreState")
        weights = ctx.multi_input("WeightList")
        seq_len = ctx.input("SequenceLength")
        out = ctx.input("Out")
        dropout_state = ctx.input("DropoutState")
        reserve = ctx.input("Reserve")
        out_grad = ctx.input("Out@GRAD")
        state_grad = ctx.multi_input("State@GRAD")
        x_grad = ctx.output("Input@GRAD")
        pre_state_grad = ctx.multi_output("PreState@GRAD")
        weight_grad = ctx.multi_output("WeightList@GRAD")
        dropout_prob = ctx.attr("dropout_prob")
        is_bidirec = ctx.attr("is_bidirec")
        hidden_size = ctx.attr("hidden_size")
        num_layers = ctx.attr("num_layers")
        mode = ctx.attr("mode")
        dtype = out_grad.dtype
        rnn_grad_funcs.rnn_grad(
            ctx.xp, x.data, [s.data for s in pre_state], [w.data for w in weights],
            None if seq_len is None else seq_len.data, out.data,
            None if dropout_state is None else dropout_state.data, reserve.data,
            out_grad.data, [None if s is None else s.data for s in state_grad], dropout_prob,
            is_bidirec, hidden_size, num_layers, mode,
            None if x_grad is None else x_grad.mutable_data(ctx.place, dtype),
            [None if g is None else g.mutable_data(ctx.place, dtype) for g in pre_state_grad],
            [None if g is None else g.mutable_data(ctx.place, dtype) for g in weight_grad])


def _verify_inputs(mode: str, layers: int, directions: int, steps: int = 3,
                   batch: int = 2) -> dict:
    """VERIFY_CASES inputs: the forward's (I=3, H=4) with a reserve of the right size;
    random values stand in for what a training forward would have saved."""
    cell = rnn_funcs.RnnMode(mode)
    weights = []
    for k in range(layers * directions):
        weights += [(cell.gates * 4, 3 if k < directions else directions * 4),
                    (cell.gates * 4, 4)]
    weights += [(cell.gates * 4,)] * (2 * layers * directions)
    states = [(layers * directions, batch, 4)] * cell.num_states
    out = (steps, batch, directions * 4)
    layout = rnn_funcs.ReserveLayout(mode, layers, directions, steps, batch, 4)
    return {"Input": (steps, batch, 3), "PreState": states, "WeightList": weights,
            "SequenceLength": None, "Out": out,
            "DropoutState": {"shape": out, "dtype": "uint8", "low": 1, "high": 2},
            "Reserve": {"shape": layout.shape, "low": 0.05, "high": 0.95},
            "Out@GRAD": out, "State@GRAD": states}


VERIFY_CASES = [
    {"name": "LSTM 2 layers bidirectional",
     "attrs": {"mode": "LSTM", "num_layers": 2, "is_bidirec": True, "input_size": 3,
               "hidden_size": 4},
     "inputs": _verify_inputs("LSTM", 2, 2),
     "outputs": {"Input@GRAD": 1, "PreState@GRAD": 2, "WeightList@GRAD": 16}},
    {"name": "GRU",
     "attrs": {"mode": "GRU", "input_size": 3, "hidden_size": 4},
     "inputs": _verify_inputs("GRU", 1, 1),
     "outputs": {"Input@GRAD": 1, "PreState@GRAD": 1, "WeightList@GRAD": 4}},
]

register_operator("rnn_grad", RnnGradOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("rnn_grad", _backend, RnnGradKernel, _dtype)
