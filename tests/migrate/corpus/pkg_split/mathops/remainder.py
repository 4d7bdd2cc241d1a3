"""Registers the ops and their integer kernels."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..shared import INTS, PairMaker, SameAsXOp


class IntModKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.mod(x.data, y.data)


class IntRemKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.fmod(x.data, y.data)


class IntQuotKernel(OpKernel):
    def __init__(self):
        self._last = None

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        self._last = x.data // y.data
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self._last


register_operator("sp_mod", SameAsXOp, PairMaker)
register_op_kernel("sp_mod", "CPU", IntModKernel, *INTS)
register_operator("sp_rem", SameAsXOp, PairMaker)
register_op_kernel("sp_rem", "CPU", IntRemKernel, *INTS)
register_operator("sp_quot", SameAsXOp, PairMaker)
register_op_kernel("sp_quot", "CPU", IntQuotKernel, *INTS)
