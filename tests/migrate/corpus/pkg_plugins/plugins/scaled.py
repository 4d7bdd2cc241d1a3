"""A kernel reading an attribute."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .._loader import Provides
from ._shapes import SameShapeOp, ScaledMaker

register_operator("pl_scale", SameShapeOp, ScaledMaker)


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        scale = ctx.attr("scale")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * scale


MANIFEST = [Provides("pl_scale", ScaleKernel, DataType.FLOAT32, DataType.FLOAT64)]
