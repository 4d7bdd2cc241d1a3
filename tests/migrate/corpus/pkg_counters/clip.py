"""A kernel counting its runs in a counter nothing reads, and one bumping it twice."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL, SameShapeOp, XOutMaker


class ClipTallyKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.runs = 0

    def compute(self, ctx):
        self.runs += 1
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.clip(x.data, -1, 1)


class HalfTallyKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.passes = 0

    def compute(self, ctx):
        x = ctx.input("X")
        if x.data.size:
            self.passes = self.passes + 1
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 0.5


register_operator("ct_clip", SameShapeOp, XOutMaker)
register_op_kernel("ct_clip", "CPU", ClipTallyKernel, *REAL)
register_operator("ct_half", SameShapeOp, XOutMaker)
register_op_kernel("ct_half", "CPU", HalfTallyKernel, *REAL)
