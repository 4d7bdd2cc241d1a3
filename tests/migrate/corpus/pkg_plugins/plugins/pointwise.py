"""Pointwise kernels, one record each."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .._loader import Provides
from ._shapes import SameShapeOp, UnaryMaker

register_operator("pl_neg", SameShapeOp, UnaryMaker)
register_operator("pl_square", SameShapeOp, UnaryMaker)
register_operator("pl_twist", SameShapeOp, UnaryMaker)


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class TwistKernel(OpKernel):
    """Negative twin: its compute takes a parameter besides the context."""

    def compute(self, ctx, sign=-1):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = sign * x.data


MANIFEST = [
    Provides("pl_neg", NegKernel, DataType.FLOAT32, DataType.FLOAT64),
    Provides("pl_square", SquareKernel, DataType.FLOAT32, devices=("CPU",)),
    Provides("pl_twist", TwistKernel, DataType.FLOAT32),
]
