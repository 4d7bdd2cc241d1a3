"""A kernel reading the team's aliased framework through `import pkg_compat_abs._fw` (no
alias): `pkg_compat_abs._fw.TeamKernel` is `OpKernel`, `pkg_compat_abs._fw.enlist`
registers."""

import pkg_compat_abs._fw
from pkg_compat_abs.shapes import UnaryMaker, UnaryOp


class CubeKernel(pkg_compat_abs._fw.TeamKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


pkg_compat_abs._fw.register_operator("ca_cube", UnaryOp, UnaryMaker)
pkg_compat_abs._fw.enlist("ca_cube", "CPU", CubeKernel, pkg_compat_abs._fw.DataType.FLOAT32)
