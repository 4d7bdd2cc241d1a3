"""Hypotenuse kernels: the static helper is called through the class that defines it."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import PairMaker, PairOp


class HypotKernel(OpKernel):
    EXPONENT = 2

    @staticmethod
    def _hypot(xp, x, y, out=None):
        return xp.sqrt(xp.abs(x) ** 2 + xp.abs(y) ** 2, out=out)

    @classmethod
    def _power(cls, xp, x):
        return xp.abs(x) ** cls.EXPONENT

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        HypotKernel._hypot(ctx.xp, x.data, ctx.attr("scale") * x.data, out=out)


class CubeHypotKernel(HypotKernel):
    EXPONENT = 3

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        leg = CubeHypotKernel._power(ctx.xp, x.data)
        out[...] = HypotKernel._hypot(ctx.xp, leg, ctx.attr("scale") * x.data)


class LegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = HypotKernel._hypot(ctx.xp, x.data, x.data) - abs(ctx.attr("scale"))


class DescribedKernel(HypotKernel):
    def describe(self, x):
        return x.shape

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * len(DescribedKernel.describe(self, x.data))


class BorrowedPowerKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = CubeHypotKernel._power(ctx.xp, x.data)


for _op, _kernel in (("st_hypot", HypotKernel), ("st_cube_hypot", CubeHypotKernel),
                     ("st_leg", LegKernel), ("st_described", DescribedKernel),
                     ("st_borrowed", BorrowedPowerKernel)):
    register_operator(_op, PairOp, PairMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
