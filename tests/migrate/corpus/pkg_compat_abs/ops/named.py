"""A kernel whose framework names come from `_compat` by name."""

from pkg_compat_abs._compat import (
    FLOATS,
    ExecutionContext,
    OpKernel,
    register_op_kernel,
    register_operator,
)
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class TripleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 3


register_operator("ca_triple", UnaryOp, UnaryMaker)
register_op_kernel("ca_triple", "CPU", TripleKernel, *FLOATS)
