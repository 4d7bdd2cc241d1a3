"""Kernels registered by a decorator that also sets a class attribute, and by a helper
computing its dtypes from a module table."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from . import helpers
from .helpers import KeepShape, OneInMaker, tagged_kernel

register_operator("ur_negate", KeepShape, OneInMaker)
register_operator("ur_square", KeepShape, OneInMaker)


@tagged_kernel("ur_negate")
class NegateKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


helpers.register_built("ur_square", SquareKernel)
