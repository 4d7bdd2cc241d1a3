"""lstm: fluid's LSTM over the sequences of a LoD Input [rows, 4D] (the projected gates c, i,
f, o of every step), Weight [D, 4D], Bias [1, 4D] (+ the peepholes W_ic, W_fc, W_oc: [1, 7D]),
optional H0 / C0 [sequences, D] -> Hidden, Cell [rows, D] with Input's LoD. BatchGate and
BatchCellPreAct are Paddle's extra workspace outputs, which lstm_grad reads: a training run
(is_test false) writes them as Paddle's 3.3.1 kernel does (rows in batch order, BatchGate
with the batch LoD [starts, rows, sequence order]); with is_test both stay empty. Math and
batch order: phi.kernels.funcs.rnn_lod.
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
from phi.kernels.funcs import rnn_lod


class LstmOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the projected gates [rows, 4D], one LoD level")
        self.add_input("H0", "initial hidden state [sequences, D]", dispensable=True)
        self.add_input("C0", "initial cell state [sequences, D]", dispensable=True)
        self.add_input("Weight", "hidden-to-gates weights [D, 4D]")
        self.add_input("Bias", "gate biases [1, 4D], then the peepholes [1, 7D]")
        self.add_output("Hidden", "[rows, D], Input's LoD")
        self.add_output("Cell", "[rows, D], Input's LoD")
        self.add_output("BatchGate", "activated gates in batch order (training)", extra=True)
        self.add_output("BatchCellPreAct", "act_cell(Cell) in batch order (training)",
                        extra=True)
        self.add_attr("use_peepholes", AttrType.BOOLEAN, True, "peephole connections")
        self.add_attr("is_reverse", AttrType.BOOLEAN, False, "run each sequence backwards")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")
        self.add_attr("gate_activation", AttrType.STRING, "sigmoid", "input/forget/output gates")
        self.add_attr("cell_activation", AttrType.STRING, "tanh", "of the cell, for Hidden")
        self.add_attr("candidate_activation", AttrType.STRING, "tanh", "of the candidate")


class LstmOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """lstm_infer_meta's rule, stated here as well: the default argument mapping (a
        scoped registry without compat/ops/lstm_sig.py) leaves out the extra workspaces."""
        x_dims = ctx.get_input_dim("Input")
        d = rnn_lod.check_lstm_dims(
            "lstm", x_dims, *(ctx.get_input_dim(s) if ctx.has_input(s) else None
                              for s in ("H0", "C0")),
            ctx.get_input_dim("Weight"), ctx.get_input_dim("Bias"), ctx.attr("use_peepholes"))
        outputs = [("Hidden", d), ("Cell", d)]
        if not ctx.attr("is_test"):
            outputs += [("BatchGate", 4 * d), ("BatchCellPreAct", d)]
        for slot, width in outputs:
            if ctx.has_output(slot):
                ctx.set_output_dim(slot, (x_dims[0], width))
                ctx.set_output_dtype(slot, ctx.get_input_dtype("Input"))
        for slot in ("Hidden", "Cell"):
            ctx.share_lod("Input", slot)

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class LstmKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        h0 = ctx.input("H0")
        c0 = ctx.input("C0")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        hidden = ctx.output("Hidden")
        cell = ctx.output("Cell")
        batch_gate = ctx.output("BatchGate")
        batch_cell_pre_act = ctx.output("BatchCellPreAct")
        use_peepholes = ctx.attr("use_peepholes")
        is_reverse = ctx.attr("is_reverse")
        is_test = ctx.attr("is_test")
        rnn_lod.check_lstm_dims("lstm", x.dims, None if h0 is None else h0.dims,
                                None if c0 is None else c0.dims, weight.dims, bias.dims,
                                use_peepholes)
        offsets = rnn_lod.sequence_offsets("lstm", x.lod, x.dims[0])
        acts = rnn_lod.Activation.parse_all(
            "lstm", gate_activation=ctx.attr("gate_activation"),
            cell_activation=ctx.attr("cell_activation"),
            candidate_activation=ctx.attr("candidate_activation"))
        for out in (hidden, cell):
            out.resize((x.dims[0], weight.dims[0]))
            out.lod = [offsets.tolist()]
        gates = cell_acts = None
        if not is_test and batch_gate is not None:
            batch_gate.resize(x.dims)
            batch_gate.lod = rnn_lod.batch_lod(offsets, is_reverse)
            gates = batch_gate.mutable_data(ctx.place, x.dtype)
        if not is_test and batch_cell_pre_act is not None:
            batch_cell_pre_act.resize((x.dims[0], weight.dims[0]))
            cell_acts = batch_cell_pre_act.mutable_data(ctx.place, x.dtype)
        rnn_lod.lstm(ctx.xp, x.data, None if h0 is None else h0.data,
                     None if c0 is None else c0.data, weight.data, bias.data, offsets,
                     use_peepholes, is_reverse, acts,
                     hidden.mutable_data(ctx.place, x.dtype), cell.mutable_data(ctx.place, x.dtype),
                     gates, cell_acts)


VERIFY_CASES = [
    {"name": "3 sequences, peepholes, H0 / C0",
     "inputs": {"Input": {"shape": (6, 12), "lod": [[0, 2, 5, 6]]}, "H0": (3, 3), "C0": (3, 3),
                "Weight": (3, 12), "Bias": (1, 21)}},
    {"name": "reverse, no peepholes", "attrs": {"use_peepholes": False, "is_reverse": True},
     "inputs": {"Input": {"shape": (4, 8), "lod": [[0, 1, 4]]}, "H0": None, "C0": None,
                "Weight": (2, 8), "Bias": (1, 8)}},
]

register_operator("lstm", LstmOp, LstmOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("lstm", _backend, LstmKernel, _dtype)
