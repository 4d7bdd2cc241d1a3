"""A binary kernel whose inputs pass through a mixin's check and its base's."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, CheckedShapes, PairMaker, SameShapeOp, TwoInputs


class DsHypotKernel(CheckedShapes, TwoInputs):
    OP = "ds_hypot"

    def compute(self, ctx):
        x, y = self._inputs(ctx)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.sqrt(x.data * x.data + y.data * y.data)


register_operator("ds_hypot", SameShapeOp, PairMaker)
register_op_kernel("ds_hypot", "CPU", DsHypotKernel, *REAL)
