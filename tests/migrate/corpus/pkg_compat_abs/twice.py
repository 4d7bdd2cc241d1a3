"""A template kernel and the op it serves (importing the module registers `ca_twice`)."""

from pkg_compat_abs._compat import FLOATS, OpKernel, register_op_kernel, register_operator
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class TwiceBase(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


class TwiceKernel(TwiceBase):
    pass


register_operator("ca_twice", UnaryOp, UnaryMaker)
register_op_kernel("ca_twice", "CPU", TwiceKernel, *FLOATS)
