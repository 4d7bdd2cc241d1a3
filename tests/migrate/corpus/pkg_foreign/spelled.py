"""Helpers and decorator factories reached through every spelling of a module import."""

import pkg_foreign.shared.book
import pkg_foreign.shared.book as b2
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel

from . import shared
from .shared import book as b3
from .shared import kinds


class AddOneKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


class AddTwoKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 2


class AddThreeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 3


class RootKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.scale()

    def scale(self):
        return 7


class LeafKernel(RootKernel):
    def scale(self):
        return 8


for _n in ("sp_one", "sp_two", "sp_three", "sp_four", "sp_root", "sp_leaf"):
    b3.declare(_n, b3.SameShape, b3.SameMaker)
pkg_foreign.shared.book.enroll("sp_one", AddOneKernel, kinds.REAL_KINDS)
b2.enroll("sp_two", AddTwoKernel, kinds.REAL_KINDS)
shared.book.enroll("sp_three", AddThreeKernel, kinds.REAL_KINDS)
b3.HOOKS["enroll"]("sp_root", RootKernel, kinds.REAL_KINDS)  # not read: a row all the same
register_op_kernel("sp_leaf", "CPU", LeafKernel, kinds.HALF_T)


@b2.backend_kernel("sp_four", kinds.REAL_KINDS, accel=True)
class AddFourKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 4
