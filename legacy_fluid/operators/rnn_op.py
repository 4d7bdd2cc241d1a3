"""rnn: the fused stacked RNN that paddle.nn.LSTM / GRU / SimpleRNN emit (mode LSTM, GRU,
RNN_TANH, RNN_RELU; optionally bidirectional; time-major Input [T, B, I]).

Inputs: Input, PreState (h0, and c0 for LSTM, each [num_layers * D, B, H]), WeightList
(every W_ih, W_hh per layer and direction, then every b_ih, b_hh), SequenceLength (optional
[B] int lengths: padded steps give zero Out and keep the states). Outputs: Out [T, B, D * H],
State (as PreState), Reserve (the training workspace rnn_grad reads: Paddle's shape
and dtype, `rnn_funcs.ReserveLayout`; empty with is_test) and DropoutState (the
inter-layer dropout mask: all ones, or with is_test false and dropout_prob > 0 a mask
drawn from NumPy's generator, not bit-identical to Paddle's). Math and weight layout:
phi.kernels.funcs.rnn.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import rnn as rnn_funcs


class RnnOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "time-major input, [T, B, input_size]")
        self.add_input("PreState", "h0 (and c0 for LSTM), [num_layers * D, B, H]",
                       duplicable=True)
        self.add_input("WeightList", "all W_ih, W_hh per (layer, direction), then all biases",
                       duplicable=True)
        self.add_input("SequenceLength", "[B] int lengths; later steps are padding",
                       dispensable=True)
        self.add_output("Out", "[T, B, D * hidden_size]")
        self.add_output("DropoutState", "inter-layer dropout mask (uint8)", dispensable=True)
        self.add_output("State", "last h (and c for LSTM), as PreState", duplicable=True)
        # intermediate in Paddle; fluidphi's VarProto has no such flag
        self.add_output("Reserve", "training workspace (uint8)")
        self.add_attr("dropout_prob", AttrType.FLOAT, 0.0,
                      "dropout between layers in training (inert with is_test)")
        self.add_attr("is_bidirec", AttrType.BOOLEAN, False, "two directions per layer")
        self.add_attr("input_size", AttrType.INT, 10, "features of Input")
        self.add_attr("hidden_size", AttrType.INT, 100, "features of each direction's state")
        self.add_attr("num_layers", AttrType.INT, 1, "stacked layers")
        self.add_attr("mode", AttrType.STRING, "RNN_TANH", "LSTM, GRU, RNN_TANH or RNN_RELU")
        self.add_attr("seed", AttrType.INT, 0, "dropout seed")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")


def _seq_dims(ctx: InferShapeContext) -> tuple[int, ...] | None:
    return ctx.get_input_dim("SequenceLength") if ctx.has_input("SequenceLength") else None


class RnnOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        out_dims = rnn_funcs.check_shapes(
            ctx.get_input_dim("Input"), ctx.get_inputs_dim("PreState"),
            ctx.get_inputs_dim("WeightList"), _seq_dims(ctx), ctx.attr("mode"),
            ctx.attr("is_bidirec"), ctx.attr("hidden_size"), ctx.attr("num_layers"))
        dtype = ctx.get_input_dtype("Input")
        if ctx.output_size("State") != ctx.input_size("PreState"):
            raise ValueError(f"rnn: {ctx.input_size('PreState')} PreState tensors but "
                             f"{ctx.output_size('State')} State outputs")
        ctx.set_output_dim("Out", out_dims)
        ctx.set_output_dtype("Out", dtype)
        ctx.set_outputs_dim("State", ctx.get_inputs_dim("PreState"))
        ctx.set_outputs_dtype("State", dtype)
        if ctx.has_output("Reserve"):
            ctx.set_output_dim("Reserve", rnn_funcs.reserve_dims(
                ctx.get_input_dim("Input"), ctx.attr("mode"), ctx.attr("is_bidirec"),
                ctx.attr("hidden_size"), ctx.attr("num_layers"), ctx.attr("is_test")))
            ctx.set_output_dtype("Reserve", dtype)
        if ctx.has_output("DropoutState"):
            ctx.set_output_dim("DropoutState", out_dims)
            ctx.set_output_dtype("DropoutState", DataType.UINT8)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class RnnKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        pre_state = ctx.multi_input("PreState")
        weights = ctx.multi_input("WeightList")
        seq_len = ctx.input("SequenceLength")
        out = ctx.output("Out")
        dropout_state = ctx.output("DropoutState")
        state = ctx.multi_output("State")
        reserve = ctx.output("Reserve")
        dropout_prob = ctx.attr("dropout_prob")
        is_bidirec = ctx.attr("is_bidirec")
        hidden_size = ctx.attr("hidden_size")
        num_layers = ctx.attr("num_layers")
        mode = ctx.attr("mode")
        seed = ctx.attr("seed")
        is_test = ctx.attr("is_test")
        data = out.mutable_data(ctx.place, x.dtype)
        states = [s.mutable_data(ctx.place, x.dtype) for s in state]
        mask = None if dropout_state is None else dropout_state.mutable_data(ctx.place,
                                                                             DataType.UINT8)
        training = None
        if reserve is not None:
            space = reserve.mutable_data(ctx.place, x.dtype)
            if not is_test:
                training = rnn_funcs.start_training(ctx.xp, space, mask, dropout_prob, seed,
                                                    num_layers, data.shape)
        if training is None and mask is not None:
            mask.fill(1)
        rnn_funcs.rnn(ctx.xp, x.data, [s.data for s in pre_state], [w.data for w in weights],
                      None if seq_len is None else seq_len.data, is_bidirec, hidden_size,
                      num_layers, mode, data, states, training)


def _verify_inputs(mode: str, layers: int, directions: int) -> dict:
    """VERIFY_CASES inputs: T=3, B=2, I=3, H=4."""
    gates = rnn_funcs.RnnMode(mode).gates
    weights = []
    for k in range(layers * directions):
        weights += [(gates * 4, 3 if k < directions else directions * 4), (gates * 4, 4)]
    weights += [(gates * 4,)] * (2 * layers * directions)
    states = [(layers * directions, 2, 4)] * rnn_funcs.RnnMode(mode).num_states
    return {"Input": (3, 2, 3), "PreState": states, "WeightList": weights,
            "SequenceLength": None}


VERIFY_CASES = [
    {"name": "LSTM 2 layers bidirectional",
     "attrs": {"mode": "LSTM", "num_layers": 2, "is_bidirec": True, "input_size": 3,
               "hidden_size": 4, "is_test": True},
     "inputs": _verify_inputs("LSTM", 2, 2), "outputs": {"State": 2}},
    {"name": "GRU",
     "attrs": {"mode": "GRU", "input_size": 3, "hidden_size": 4, "is_test": True},
     "inputs": _verify_inputs("GRU", 1, 1), "outputs": {"State": 1}},
    {"name": "RNN_RELU, lengths",
     "attrs": {"mode": "RNN_RELU", "input_size": 3, "hidden_size": 4, "is_test": True},
     "inputs": {**_verify_inputs("RNN_RELU", 1, 1),
                "SequenceLength": {"value": [3, 1], "dtype": "int32"}}, "outputs": {"State": 1}},
]

register_operator("rnn", RnnOp, RnnOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("rnn", _backend, RnnKernel, _dtype)
