"""A scale kernel failing through the base's fail(), its op named by the kept context."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, FactorMaker, KeptBase, SameShapeOp


class KcScaleKernel(KeptBase):
    def run(self, ctx):
        x = ctx.input("X")
        factor = ctx.attr("factor")
        if factor < 0:
            self.fail("factor must be >= 0, got %s", factor)
        self.alloc_out(ctx, x.dtype)[...] = x.data * factor


register_operator("kc_scale", SameShapeOp, FactorMaker)
register_op_kernel("kc_scale", "CPU", KcScaleKernel, *REAL)
