"""tp_center_points, tp_scale_points: a template checks the [B, N, C] points and hands
their array to run(ctx, xp, points)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from .common import AttrView


class PointsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("Points"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Points"))


class PointKernelBase(OpKernel):
    """Template: subclasses implement run(ctx, xp, points)."""

    points_slot = "Points"

    def compute(self, ctx):
        pts = ctx.input(self.points_slot)
        if len(pts.dims) != 3:
            raise ValueError(f"{ctx.op_type}: points must be [B, N, C], got {pts.dims}")
        self.run(ctx, ctx.xp, pts.data)

    def run(self, ctx, xp, points):
        raise NotImplementedError


class CenterPointsOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Points", "[B, N, C] point clouds")
        self.add_output("Out", "the points less their centroid")
        self.add_attr("unit", AttrType.BOOLEAN, False, "also scale into the unit cube")


class CenterPointsKernel(PointKernelBase):
    @staticmethod
    def centered(xp, points):
        return points - points.mean(axis=1, keepdims=True)

    def run(self, ctx, xp, points):
        centered = self.centered(xp, points)
        if ctx.attr("unit"):
            extent = xp.abs(centered).max(axis=(1, 2), keepdims=True)
            centered = centered / xp.maximum(extent, 1e-12)
        out = ctx.output("Out")
        out.mutable_data(ctx.place, ctx.input("Points").dtype)[...] = centered


class ScalePointsOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Points", "[B, N, C] point clouds")
        self.add_output("Out", "the points scaled")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "factor")


class ScalePointsKernel(PointKernelBase):
    def run(self, ctx, xp, points):
        a = AttrView(ctx, shift=0.5)
        out = ctx.output("Out")
        out.mutable_data(ctx.place, ctx.input("Points").dtype)[...] = points * a.scale + a.shift


register_operator("tp_center_points", PointsOp, CenterPointsOpMaker)
register_operator("tp_scale_points", PointsOp, ScalePointsOpMaker)
register_op_kernel("tp_center_points", "CPU", CenterPointsKernel, "float32", "float64")
register_op_kernel("tp_scale_points", "CPU", ScalePointsKernel, "float32", "float64")
