"""gru: fluid's GRU over the sequences of a LoD Input [rows, 3D] (the projected gates u, r, c
of every step), Weight [D, 3D], optional Bias [1, 3D] and H0 [sequences, D] -> Hidden
[rows, D] with Input's LoD. BatchGate, BatchResetHiddenPrev and BatchHidden are Paddle's
extra workspace outputs, written as Paddle's training forward writes them (gru_grad reads
them): the activated gates, r * h_prev and h in batch order, BatchGate and BatchHidden with
Paddle's 3-level batch LoD. Math, weight layout and batch order: phi.kernels.funcs.rnn_lod.
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


class GruOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the projected gates [rows, 3D], one LoD level")
        self.add_input("H0", "initial hidden state [sequences, D]", dispensable=True)
        self.add_input("Weight", "hidden-to-gates weights [D, 3D]")
        self.add_input("Bias", "gate biases [1, 3D]", dispensable=True)
        self.add_output("BatchGate", "activated u, r, c in batch order [rows, 3D]", extra=True)
        self.add_output("BatchResetHiddenPrev", "r * h_prev in batch order", extra=True)
        self.add_output("BatchHidden", "h in batch order", extra=True)
        self.add_output("Hidden", "[rows, D], Input's LoD")
        self.add_attr("activation", AttrType.STRING, "tanh", "of the candidate")
        self.add_attr("gate_activation", AttrType.STRING, "sigmoid", "update/reset gates")
        self.add_attr("is_reverse", AttrType.BOOLEAN, False, "run each sequence backwards")
        self.add_attr("origin_mode", AttrType.BOOLEAN, False,
                      "h = u * h_prev + (1 - u) * c (else (1 - u) * h_prev + u * c)")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "inference mode")


class GruOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        """Hidden and the extra workspaces, which the default mapping (extra slots left out)
        keeps from the kernel's InferMeta; their batch LoD is the kernel's."""
        dims = ctx.get_input_dim("Input")
        d = rnn_lod.check_gru_dims(
            "gru", dims, ctx.get_input_dim("H0") if ctx.has_input("H0") else None,
            ctx.get_input_dim("Weight"), ctx.get_input_dim("Bias") if ctx.has_input("Bias")
            else None)
        for slot, width in (("BatchGate", 3 * d), ("BatchResetHiddenPrev", d),
                            ("BatchHidden", d), ("Hidden", d)):
            if ctx.has_output(slot):
                ctx.set_output_dim(slot, (dims[0], width))
                ctx.set_output_dtype(slot, ctx.get_input_dtype("Input"))
        ctx.share_lod("Input", "Hidden")

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class GruKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        h0 = ctx.input("H0")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        batch_gate = ctx.output("BatchGate")
        batch_reset_prev = ctx.output("BatchResetHiddenPrev")
        batch_hidden = ctx.output("BatchHidden")
        hidden = ctx.output("Hidden")
        d = rnn_lod.check_gru_dims("gru", x.dims, None if h0 is None else h0.dims,
                                   weight.dims, None if bias is None else bias.dims)
        offsets = rnn_lod.sequence_offsets("gru", x.lod, x.dims[0])
        acts = rnn_lod.Activation.parse_all("gru", activation=ctx.attr("activation"),
                                            gate_activation=ctx.attr("gate_activation"))
        hidden.resize((x.dims[0], d))
        hidden.lod = [offsets.tolist()]
        batch = rnn_lod.gru_workspaces(x.dims[0], d, offsets, ctx.attr("is_reverse"),
                                       [batch_gate, batch_reset_prev, batch_hidden],
                                       lambda t: t.mutable_data(ctx.place, x.dtype))
        rnn_lod.gru(ctx.xp, x.data, None if h0 is None else h0.data, weight.data,
                    None if bias is None else bias.data, offsets, ctx.attr("is_reverse"),
                    ctx.attr("origin_mode"), acts, hidden.mutable_data(ctx.place, x.dtype),
                    batch)


VERIFY_CASES = [
    {"name": "3 sequences, H0, bias",
     "inputs": {"Input": {"shape": (6, 9), "lod": [[0, 2, 5, 6]]}, "H0": (3, 3),
                "Weight": (3, 9), "Bias": (1, 9)}},
    {"name": "reverse, origin mode", "attrs": {"is_reverse": True, "origin_mode": True},
     "inputs": {"Input": {"shape": (4, 6), "lod": [[0, 1, 4]]}, "H0": None,
                "Weight": (2, 6), "Bias": None}},
]

register_operator("gru", GruOp, GruOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("gru", _backend, GruKernel, _dtype)
