"""tp_spread: the points about their centroid, scaled by `gain`; the centring is the one
of CenterPointsKernel (points.py), run through the kernel this one keeps."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from .points import CenterPointsKernel, PointKernelBase, PointsOp


class SpreadOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Points", "[B, N, C] point clouds")
        self.add_output("Out", "the points about their centroid, scaled")
        self.add_attr("gain", AttrType.FLOAT, 2.0, "factor")


class SpreadKernel(PointKernelBase):
    def __init__(self):
        self._center = CenterPointsKernel()

    def run(self, ctx, xp, points):
        spread = self._center.centered(xp, points) * ctx.attr("gain")
        out = ctx.output("Out")
        out.mutable_data(ctx.place, ctx.input("Points").dtype)[...] = spread


register_operator("tp_spread", PointsOp, SpreadOpMaker)
register_op_kernel("tp_spread", "CPU", SpreadKernel, "float32", "float64")
