"""Kernels registered by their class decorators."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import base
from .base import FLOATS, SameShape, UnaryMaker, serves, serves_tagged

for _op in ("hr_softsign", "hr_tagged", "hr_softplus", "hr_half_softplus"):
    register_operator(_op, SameShape, UnaryMaker)


@serves("hr_softsign", *FLOATS, accel=True)
class SoftsignKernel(base.ElementwiseTemplate):
    @staticmethod
    def softsign(xp, x):
        return x / (1 + xp.abs(x))

    def apply(self, xp, x, out):
        out[...] = self.softsign(xp, x)


@serves_tagged("hr_tagged", *FLOATS)
class TaggedKernel(base.ElementwiseTemplate):
    @staticmethod
    def softsign(xp, x):
        return x / (1 + xp.abs(x))

    def apply(self, xp, x, out):
        out[...] = self.softsign(xp, x)


@serves("hr_softplus", *FLOATS)
class SoftplusKernel(base.ElementwiseTemplate):
    @staticmethod
    def softplus(xp, x):
        return xp.log1p(xp.exp(x))

    def apply(self, xp, x, out):
        out[...] = self.softplus(xp, x)


class HalfSoftplusKernel(SoftplusKernel):
    """Not decorated itself: registered below, for the CPU only."""

    def apply(self, xp, x, out):
        out[...] = self.softplus(xp, x) / 2


for _dt in FLOATS:
    register_op_kernel("hr_half_softplus", "CPU", HalfSoftplusKernel, _dt)
