"""A booked kernel with a compute of its own reading an attribute."""

from legacy_fluid.framework.op_registry import register_operator

from ..book import LedgerKernel
from ..shapes import SameShape, ScaleMaker


class ScaleKernel(LedgerKernel, op="lb_scale"):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("factor")


register_operator("lb_scale", SameShape, ScaleMaker)
