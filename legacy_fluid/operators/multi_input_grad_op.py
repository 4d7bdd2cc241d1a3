"""Grads of the manipulation family's ops over a list X, one gradient per input (an input
not asked for, with no variable, is skipped): broadcast_tensors_grad (X, Out@GRAD per
input: summed back to X's dims), partial_concat_grad / partial_sum_grad (X, Out@GRAD: the
column range gets its piece / all of it, zero elsewhere), multiplex_grad (X, Ids, Out@GRAD:
the rows each candidate gave). Math in phi.kernels.funcs.manipulation.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.concat_grad_op import MultiGradOp
from phi.kernels.funcs import manipulation as manip_funcs


class MultiInputGradOp(MultiGradOp):
    """X@GRAD[i] like X[i] (this module's VERIFY_CASES go with it)."""


class BroadcastTensorsGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out_grad = ctx.multi_input("Out@GRAD")
        x_grad = ctx.multi_output("X@GRAD")
        datas = [None if t is None else t.mutable_data(ctx.place, out_grad[0].dtype)
                 for t in x_grad]
        manip_funcs.broadcast_tensors_grad(ctx.xp, [tuple(t.dims) for t in x],
                                           [t.data for t in out_grad], datas)


class PartialConcatGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.multi_output("X@GRAD")
        start_index = ctx.attr("start_index")
        length = ctx.attr("length")
        datas = [None if t is None else t.mutable_data(ctx.place, out_grad.dtype) for t in x_grad]
        manip_funcs.partial_grad("partial_concat_grad", ctx.xp, [tuple(t.dims) for t in x],
                                 out_grad.data, start_index, length, datas)


class PartialSumGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.multi_input("X")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.multi_output("X@GRAD")
        start_index = ctx.attr("start_index")
        length = ctx.attr("length")
        datas = [None if t is None else t.mutable_data(ctx.place, out_grad.dtype) for t in x_grad]
        manip_funcs.partial_grad("partial_sum_grad", ctx.xp, [tuple(t.dims) for t in x],
                                 out_grad.data, start_index, length, datas)


class MultiplexGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        ids = ctx.input("Ids")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.multi_output("X@GRAD")
        datas = [None if t is None else t.mutable_data(ctx.place, out_grad.dtype) for t in x_grad]
        manip_funcs.multiplex_grad(ctx.xp, ids.data, out_grad.data, datas)


register_operator("broadcast_tensors_grad", MultiInputGradOp)
register_operator("partial_concat_grad", MultiInputGradOp)
register_operator("partial_sum_grad", MultiInputGradOp)
register_operator("multiplex_grad", MultiInputGradOp)
for _dtype in manip_funcs.BROADCAST_TENSORS_GRAD_TYPES:
    register_op_kernel("broadcast_tensors_grad", "CPU", BroadcastTensorsGradKernel, _dtype)
for _dtype in manip_funcs.BROADCAST_TENSORS_TYPES:
    register_op_kernel("broadcast_tensors_grad", "GPU", BroadcastTensorsGradKernel, _dtype)
for _place in ("CPU", "GPU"):
    for _dtype in manip_funcs.PARTIAL_CONCAT_TYPES:
        register_op_kernel("partial_concat_grad", _place, PartialConcatGradKernel, _dtype)
        register_op_kernel("multiplex_grad", _place, MultiplexGradKernel, _dtype)
    for _dtype in manip_funcs.PARTIAL_SUM_TYPES:
        register_op_kernel("partial_sum_grad", _place, PartialSumGradKernel, _dtype)

_PARTIAL = [{"name": "columns 1..2", "attrs": {"start_index": 1, "length": 2},
             "inputs": {"X": [(3, 4), (3, 4)], "Out@GRAD": (3, 4)}, "outputs": {"X@GRAD": 2}}]
#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "broadcast_tensors_grad": [{"name": "row and column", "outputs": {"X@GRAD": 2}, "inputs": {
        "X": [(3, 1), (1, 4)], "Out@GRAD": [(3, 4), (3, 4)]}}],
    "partial_concat_grad": _PARTIAL,
    "partial_sum_grad": [{**_PARTIAL[0], "inputs": {"X": [(3, 4), (3, 4)], "Out@GRAD": (3, 2)}}],
    "multiplex_grad": [{"name": "two candidates", "outputs": {"X@GRAD": 2}, "inputs": {
        "X": [(3, 4), (3, 4)], "Ids": {"value": [[1], [0], [1]], "dtype": "int32"},
        "Out@GRAD": (3, 4)}}],
}
