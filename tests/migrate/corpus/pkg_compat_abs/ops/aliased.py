"""A kernel reading the framework through the module alias `C`."""

import pkg_compat_abs._compat as C  # noqa: N812
from pkg_compat_abs._compat import register_operator
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class HalveKernel(C.OpKernel):
    def compute(self, ctx: C.ExecutionContext):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


register_operator("ca_halve", UnaryOp, UnaryMaker)
C.register_op_kernel("ca_halve", "CPU", HalveKernel, *C.FLOATS)
