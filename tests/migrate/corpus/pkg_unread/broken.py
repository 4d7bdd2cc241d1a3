"""A module that does not import here: it needs the team's build of a native library."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .helpers import KeepShape, OneInMaker, Row, register_rows

register_operator("ur_clip", KeepShape, OneInMaker)


class ClipKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data.clip(-1, 1)


register_rows([Row("ur_clip", ClipKernel)])

import team_u_native  # noqa: E402, F401  (not installed here: the import fails)
