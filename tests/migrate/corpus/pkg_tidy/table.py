"""Kernels registered by a loop over a table, with a loop over the dtypes inside; the loop
variables deleted after it, one `del` also deleting a constant."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .dtypes import FLOATS, PlainMaker, PlainOp

_SPARE = "scratch the loop does not touch"


class TdNegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class TdSquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


_TABLE = (("td_neg", TdNegKernel), ("td_square", TdSquareKernel))

register_operator("td_neg", PlainOp, PlainMaker)
register_operator("td_square", PlainOp, PlainMaker)
for _op, _kernel in _TABLE:
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
del _op, _kernel
del _dt, _SPARE
