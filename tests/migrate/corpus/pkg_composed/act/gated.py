"""Team R: a gated activation (Out = X * sigmoid(alpha * X)); `__all__` names the kernel."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS, UnaryMaker, UnaryOp

__all__ = ["GluKernel"]


class GluKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = x / (1 + ctx.xp.exp(-ctx.attr("alpha") * x))


register_operator("rx_glu", UnaryOp, UnaryMaker)
register_op_kernel("rx_glu", "CPU", GluKernel, *FLOATS)
