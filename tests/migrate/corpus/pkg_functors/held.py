"""Kernels holding functors: a class attribute, one stored in `__init__`, subclasses of
the functor template, and a functor whose derivative is called too."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import functors as F  # noqa: N812 (the team's alias)
from .bases import FLOATS, FunctorTemplate, PlainMaker, SameShape


class AbsSquareKernel(OpKernel):
    _functor = F.AbsSquareFunctor()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._functor(ctx.xp, x.data)


class DoubleKernel(OpKernel):
    _functor = F.ScaleFunctor(2.0)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._functor(ctx.xp, x.data)


class SigmoidKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._f = F.SigmoidFunctor()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._f(ctx.xp, x.data)


class SigmoidSlopeKernel(OpKernel):
    """The sigmoid's slope at X, through the functor's own derivative."""

    def __init__(self):
        self._f = F.SigmoidFunctor()

    def compute(self, ctx):
        x = ctx.input("X")
        y = self._f(ctx.xp, x.data)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._f.backward(ctx.xp, y, ctx.xp.ones_like(y))


class ShiftedKernel(FunctorTemplate):
    _functor = F.ScaleFunctor(factor=0.5, shift=-1.0)


class TemplateAbsSquareKernel(FunctorTemplate):
    _functor = F.AbsSquareFunctor()


_OPS = {
    "fx_abs_square": AbsSquareKernel,
    "fx_double": DoubleKernel,
    "fx_sigmoid": SigmoidKernel,
    "fx_sigmoid_slope": SigmoidSlopeKernel,
    "fx_shifted": ShiftedKernel,
    "fx_template_abs_square": TemplateAbsSquareKernel,
}
for _op, _kernel in _OPS.items():
    register_operator(_op, SameShape, PlainMaker)
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
