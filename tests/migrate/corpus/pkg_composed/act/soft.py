"""Team R: softsign scaled by alpha."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS, UnaryMaker, UnaryOp

__all__ = ["SoftKernel"]


class SoftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = ctx.attr("alpha") * x / (1 + ctx.xp.abs(x))


register_operator("rx_soft", UnaryOp, UnaryMaker)
register_op_kernel("rx_soft", "CPU", SoftKernel, *FLOATS)
