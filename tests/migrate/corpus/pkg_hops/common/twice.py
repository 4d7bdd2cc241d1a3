"""A template whose module binds `make_out` twice: which one compute() calls is decided
at import time."""

import os

from legacy_fluid.framework.op_kernel import OpKernel
from pkg_hops.common.bufs import make_out

if os.environ.get("HOPS_PLAIN_OUT"):
    def make_out(ctx):
        return ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)


class TwiceTemplate(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = make_out(ctx)
        out[...] = self.apply(ctx.xp, x.data)
