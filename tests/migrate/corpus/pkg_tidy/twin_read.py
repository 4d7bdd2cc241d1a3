"""Negative twin: a statement reads the loop variable before the `del` (the last dtype the
loop registered): the loop cannot go, so the kernel stays legacy, named."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .dtypes import FLOATS, PlainMaker, PlainOp


class TdAbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = abs(x.data)


register_operator("td_abs", PlainOp, PlainMaker)
for _dt in FLOATS:
    register_op_kernel("td_abs", "CPU", TdAbsKernel, _dt)
LAST_DTYPE = _dt
del _dt
