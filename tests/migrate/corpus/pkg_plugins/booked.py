"""Kernels booked by their class statement, registered when the package publishes the book."""

from legacy_fluid.framework.op_registry import register_operator

from ._book import BookedKernel
from .plugins._shapes import SameShapeOp, UnaryMaker

register_operator("pl_cube", SameShapeOp, UnaryMaker)
register_operator("pl_halve", SameShapeOp, UnaryMaker)
register_operator("pl_count", SameShapeOp, UnaryMaker)


class CubeKernel(BookedKernel, op="pl_cube"):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


class HalveKernel(BookedKernel, op="pl_halve", devices=("CPU",)):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


class CountKernel(BookedKernel, op="pl_count"):
    """Negative twin: it keeps state on the instance, which no PHI kernel has."""

    def compute(self, ctx):
        x = ctx.input("X")
        self.calls = getattr(self, "calls", 0) + 1
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1
