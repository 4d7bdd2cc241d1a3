"""Kernels of bases of another module whose helper bumps their counters."""

import numpy as np

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL, SameShapeOp, XOutMaker
from .tally_base import LoudBase, ServedBase, TallyBase


class AbsTallyKernel(TallyBase):
    def compute(self, ctx):
        self._bump()
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.abs(x.data)


class NegTallyKernel(TallyBase):
    def compute(self, ctx):
        x = ctx.input("X")
        self.__class__.calls += 1
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class SquareServedKernel(ServedBase):
    def compute(self, ctx):
        self._bump()
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class CubeLoudKernel(LoudBase):
    def compute(self, ctx):
        self._bump()
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** 3


register_operator("ct_abs", SameShapeOp, XOutMaker)
register_op_kernel("ct_abs", "CPU", AbsTallyKernel, *REAL)
register_operator("ct_neg", SameShapeOp, XOutMaker)
register_op_kernel("ct_neg", "CPU", NegTallyKernel, *REAL)
register_operator("ct_square", SameShapeOp, XOutMaker)
register_op_kernel("ct_square", "CPU", SquareServedKernel, *REAL)
register_operator("ct_cube", SameShapeOp, XOutMaker)
register_op_kernel("ct_cube", "CPU", CubeLoudKernel, *REAL)
