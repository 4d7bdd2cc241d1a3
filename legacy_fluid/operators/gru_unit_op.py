"""gru_unit: one GRU step. Input [batch, 3D] (the projected gates u, r, c), HiddenPrev
[batch, D], Weight [D, 3D], optional Bias [1, 3D] -> Gate [batch, 3D] (the activated u, r,
c), ResetHiddenPrev (r * HiddenPrev) and Hidden [batch, D]. Activations by number: 0
identity, 1 sigmoid, 2 tanh, 3 relu. Math and weight layout: phi.kernels.funcs.rnn_lod.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import rnn_lod


class GruUnitOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "Input"), ctx.place)


class GruUnitKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        h_prev = ctx.input("HiddenPrev")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        n, d = rnn_lod.check_gru_unit_dims(x.dims, h_prev.dims, weight.dims,
                                           None if bias is None else bias.dims)
        acts = rnn_lod.Activation.parse_all("gru_unit", activation=ctx.attr("activation"),
                                            gate_activation=ctx.attr("gate_activation"))
        gate = ctx.output("Gate")
        reset_prev = ctx.output("ResetHiddenPrev")
        hidden = ctx.output("Hidden")
        gate.resize((n, 3 * d))
        reset_prev.resize((n, d))
        hidden.resize((n, d))
        rnn_lod.gru_unit(ctx.xp, x.data, h_prev.data, weight.data,
                         None if bias is None else bias.data, acts, ctx.attr("origin_mode"),
                         gate.mutable_data(ctx.place, x.dtype),
                         reset_prev.mutable_data(ctx.place, x.dtype),
                         hidden.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [
    {"name": "batch 3, bias", "inputs": {"Input": (3, 6), "HiddenPrev": (3, 2),
                                         "Weight": (2, 6), "Bias": (1, 6)}},
    {"name": "origin mode, relu / identity",
     "attrs": {"origin_mode": True, "activation": 3, "gate_activation": 0},
     "inputs": {"Input": (2, 9), "HiddenPrev": (2, 3), "Weight": (3, 9), "Bias": None}},
]

register_operator("gru_unit", GruUnitOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    for _backend in ("CPU", "GPU"):
        register_op_kernel("gru_unit", _backend, GruUnitKernel, _dtype)
