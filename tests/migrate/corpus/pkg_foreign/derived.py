"""A kernel deriving from a decorated kernel of another module."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from phi.common import DataType

from .decorated import BaseScaleKernel, CubeKernel
from .shared.book import SameMaker, SameShape, declare


class TripleScaleKernel(BaseScaleKernel):
    FACTOR = 5


declare("ff_triple", SameShape, SameMaker)
register_op_kernel("ff_triple", "CPU", TripleScaleKernel, DataType.FLOAT32)


class CubeTwiceKernel(CubeKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = 2 * x.data**3


declare("ff_cube2", SameShape, SameMaker)
register_op_kernel("ff_cube2", "CPU", CubeTwiceKernel, DataType.FLOAT32)
