"""A kernel reading the framework through `import pkg_compat_abs._compat` (no alias)."""

import pkg_compat_abs._compat
from pkg_compat_abs._compat import register_operator
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class SquareKernel(pkg_compat_abs._compat.OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


register_operator("ca_square", UnaryOp, UnaryMaker)
pkg_compat_abs._compat.register_op_kernel("ca_square", "CPU", SquareKernel,
                                          pkg_compat_abs._compat.DataType.FLOAT32)
