"""Kernels booked through a template base."""

from ..registry import BOOK, FLOATS, FunctorKernel, SameShape, Signature


class SoftplusKernel(FunctorKernel, op="hx_softplus", placement=FLOATS):
    def functor(self, xp, x):
        return xp.log1p(xp.exp(x))


class SquareKernel(FunctorKernel, op="hx_square"):
    def functor(self, xp, x):
        return x * x


BOOK.declare("hx_softplus", SameShape, Signature())
BOOK.declare("hx_square", SameShape, Signature())
