"""Team P: reuse of a sibling's kernel by composition (`SoftsignKernel().compute(ctx)`)
and of its private dtype constant."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .acts import _CUBE_TYPES, SoftsignKernel, SoftsignMaker, SoftsignOp


class SoftsignTwiceKernel(OpKernel):
    def compute(self, ctx):
        SoftsignKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data * 2


register_operator("team_pkg_softsign_twice", SoftsignOp, SoftsignMaker)
register_op_kernel("team_pkg_softsign_twice", "CPU", SoftsignTwiceKernel, *_CUBE_TYPES)
