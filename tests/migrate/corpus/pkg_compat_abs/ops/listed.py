"""A kernel on the team's own names for the framework's (`_fw`)."""

from pkg_compat_abs._fw import Ctx, DataType, TeamKernel, enlist, register_operator
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class NegKernel(TeamKernel):
    def compute(self, ctx: Ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


register_operator("ca_neg", UnaryOp, UnaryMaker)
enlist("ca_neg", "CPU", NegKernel, DataType.FLOAT32, DataType.FLOAT64)
