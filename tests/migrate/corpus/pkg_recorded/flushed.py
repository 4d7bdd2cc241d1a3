"""Kernels recorded by the shared `@kernel` and registered by `flush(__name__)`."""

import numpy as np

from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from ._registry import flush, kernel
from .base import LikeXOp, SlotKernel, make_maker
from .params import AttrView

ClipMaker = make_maker("ClipMaker", ("X", "Bias?"),
                       (("lo", AttrType.FLOAT, -1.0), ("hi", AttrType.FLOAT, 1.0)))
ScaleMaker = make_maker("ScaleMaker", attrs=(("factor", AttrType.FLOAT, 2.0),))


@kernel("rc_clip")
class ClipKernel(SlotKernel):
    LO = -1.0
    HI = 1.0

    @staticmethod
    def _clip(x, lo, hi, out):
        np.clip(x, lo, hi, out=out)

    def compute(self, ctx):
        a = AttrView(ctx, lo=self.LO, hi=self.HI)
        x = self.inp(ctx, "x")
        out = self.alloc(ctx, "out", x.dtype)
        type(self)._clip(x.data, a.lo, a.hi, out)
        bias = ctx.input("Bias")
        if bias is not None:
            out += bias.data


@kernel("rc_scale", dtypes=None)
class ScaleKernel(SlotKernel):
    def compute(self, ctx):
        x = self.inp(ctx, "x")
        self.alloc(ctx, "out", x.dtype)[...] = x.data * ctx.attr("factor")


register_operator("rc_clip", LikeXOp, ClipMaker)
register_operator("rc_scale", LikeXOp, ScaleMaker)
flush(__name__)
