"""Negative twins: a functor counting its calls, one built from a value computed at import,
and kernels on a keyword base whose hook does more than store its keywords."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import functors as F  # noqa: N812 (the team's alias)
from .bases import FLOATS, PlainMaker, SameShape

SEEN = []


def _factor():
    return 3.0


class CountingKernel(OpKernel):
    _functor = F.CountingFunctor()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._functor(ctx.xp, x.data)


class TripleKernel(OpKernel):
    _functor = F.ScaleFunctor(_factor())

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._functor(ctx.xp, x.data)


class LoggedBase(OpKernel):
    """Stores its ufunc like `UnaryBase`, and also books every subclass."""

    def __init_subclass__(cls, ufunc=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.ufunc = staticmethod(ufunc)
        SEEN.append(cls.__name__)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.ufunc(x.data)


class GuardedBase(OpKernel):
    """Stores its ufunc only when one is given."""

    def __init_subclass__(cls, ufunc=None, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.ufunc = staticmethod(ufunc) if ufunc else None

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.ufunc(x.data)


class LoggedTanhKernel(LoggedBase, ufunc=np.tanh):
    pass


class GuardedTanhKernel(GuardedBase, ufunc=np.tanh):
    pass


for _op, _kernel in (("fx_counting", CountingKernel), ("fx_triple", TripleKernel),
                     ("fx_logged_tanh", LoggedTanhKernel),
                     ("fx_guarded_tanh", GuardedTanhKernel)):
    register_operator(_op, SameShape, PlainMaker)
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
