"""Booked kernels whose class is the base of another booked class of the same op."""

from .. import _compat as fw
from ..registry import BOOK, FLOATS, FunctorKernel, Placement, SameShape, Signature, TeamKernel

COMPLEX = Placement(fw.DataType.COMPLEX64, fw.DataType.COMPLEX128, gpu=False)
INTS = Placement(fw.DataType.INT32, fw.DataType.INT64, gpu=False)


class AbsSquareKernel(FunctorKernel, op="hx_abs_square", placement=COMPLEX):
    def functor(self, xp, x):
        return x * xp.conj(x)


class AbsSquareRealKernel(AbsSquareKernel, op="hx_abs_square", placement=FLOATS):
    def functor(self, xp, x):
        return x * x


class AxisReduction(TeamKernel):
    """A template: subclasses give `reduce`, run along the last axis."""

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.reduce(ctx.xp, x.data)


class RowCumsumKernel(AxisReduction, op="hx_row_cumsum", placement=FLOATS):
    def reduce(self, xp, x):
        return xp.cumsum(x, axis=-1)


class RowCumsumIntKernel(RowCumsumKernel, op="hx_row_cumsum", placement=INTS):
    pass


BOOK.declare("hx_abs_square", SameShape, Signature())
BOOK.declare("hx_row_cumsum", SameShape, Signature())
