"""A booked kernel with its own compute and an attribute."""

from .. import _compat as fw
from ..registry import BOOK, Placement, SameShape, Signature, TeamKernel


class ScaleKernel(TeamKernel, op="hx_scale", placement=Placement(fw.DataType.FLOAT32, gpu=False)):
    def compute(self, ctx: fw.KernelContext):
        x = ctx.input("X")
        scale = ctx.attr("scale")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * scale


BOOK.declare("hx_scale", SameShape, Signature(attrs=(("scale", fw.AttrType.FLOAT, 2.0),)))
