"""Negative twin: a function also binds the loop variable (`global`), but nothing runs it
before the `del`: once the loop is gone the `del` could fail, so the module stays legacy,
named."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .dtypes import FLOATS, PlainMaker, PlainOp


class TdHalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


def _remember(dtype):
    global _dt
    _dt = dtype


register_operator("td_half", PlainOp, PlainMaker)
for _dt in FLOATS:
    register_op_kernel("td_half", "CPU", TdHalfKernel, _dt)
del _dt
