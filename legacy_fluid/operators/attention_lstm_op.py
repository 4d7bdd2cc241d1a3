"""attention_lstm (CPU only, as in Paddle): an LSTM over each sequence of a LoD X [rows, M]
whose step input is an attention-weighted sum of its sequence's rows (weights from X and the
previous cell). C0 [sequences, D] (H0 optional), AttentionWeight [M + D, 1], optional
AttentionBias / AttentionScalar / AttentionScalarBias [1, 1], LSTMWeight [D + M, 4D] (gates
f, i, o, c), LSTMBias [1, 4D] -> Hidden, Cell [rows, D] with X's LoD, and Paddle's scratch
after its last step: AttentionedX, AttentionFCOut, LSTMX, LSTMOUT. Math:
phi.kernels.funcs.rnn_lod.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import rnn_lod


class AttentionLstmOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class AttentionLstmKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        c0 = ctx.input("C0")
        h0 = ctx.input("H0")
        att_w = ctx.input("AttentionWeight")
        scalars = [ctx.input("AttentionBias"), ctx.input("AttentionScalar"),
                   ctx.input("AttentionScalarBias")]
        lstm_w = ctx.input("LSTMWeight")
        lstm_b = ctx.input("LSTMBias")
        outs = [ctx.output("Hidden"), ctx.output("Cell"), ctx.output("AttentionedX"),
                ctx.output("AttentionFCOut"), ctx.output("LSTMX"), ctx.output("LSTMOUT")]
        m, d = rnn_lod.check_attention_lstm_dims(
            x.dims, c0.dims, None if h0 is None else h0.dims, att_w.dims,
            [None if t is None else t.dims for t in scalars], lstm_w.dims, lstm_b.dims)
        offsets = rnn_lod.sequence_offsets("attention_lstm", x.lod, x.dims[0])
        acts = rnn_lod.Activation.parse_all(
            "attention_lstm", gate_activation=ctx.attr("gate_activation"),
            cell_activation=ctx.attr("cell_activation"),
            candidate_activation=ctx.attr("candidate_activation"))
        for out, dims in zip(outs, rnn_lod.attention_lstm_out_dims(x.dims[0], m, d, offsets)):
            out.resize(dims)
        outs[0].lod = outs[1].lod = [offsets.tolist()]
        rnn_lod.attention_lstm(ctx.xp, x.data, offsets, c0.data,
                               None if h0 is None else h0.data, att_w.data,
                               [None if t is None else t.data for t in scalars], lstm_w.data,
                               lstm_b.data, acts,
                               [out.mutable_data(ctx.place, x.dtype) for out in outs])


VERIFY_CASES = [
    {"name": "3 sequences, H0, scalar",
     "inputs": {"X": {"shape": (6, 2), "lod": [[0, 2, 5, 6]]}, "C0": (3, 3), "H0": (3, 3),
                "AttentionWeight": (5, 1), "AttentionBias": (1, 1),
                "AttentionScalar": (1, 1), "AttentionScalarBias": (1, 1),
                "LSTMWeight": (5, 12), "LSTMBias": (1, 12)}},
]

register_operator("attention_lstm", AttentionLstmOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("attention_lstm", "CPU", AttentionLstmKernel, _dtype)
