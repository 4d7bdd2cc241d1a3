"""One kernel registered per dtype by a loop, its variable deleted after it."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import dtypes as kinds


class TdClipKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.clip(x.data, -1.0, 1.0)


register_operator("td_clip", kinds.PlainOp, kinds.PlainMaker)
for t in kinds.FLOATS:
    register_op_kernel("td_clip", "CPU", TdClipKernel, t)
del t
