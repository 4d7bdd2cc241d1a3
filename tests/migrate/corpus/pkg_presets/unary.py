"""Kernels registered through partials of the package's helpers, imported, and a partial of
one bound here with a positional argument and a keyword."""

import functools

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .common import SameShapeOp, XOutMaker
from .registry import HOST, REAL, enlist, on_host, single_only


class PrAbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.abs(x.data)


class PrNegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class PrCubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


class PrHalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 0.5


_half_on_host = functools.partial(enlist, HOST, "pr_half")

for _op in ("pr_abs", "pr_neg", "pr_cube", "pr_half"):
    register_operator(_op, SameShapeOp, XOutMaker)
on_host("pr_abs", PrAbsKernel, REAL)
single_only("pr_neg", PrNegKernel)
single_only("pr_cube", PrCubeKernel, dtypes=REAL)  # the call's keyword wins
_half_on_host(PrHalfKernel, dtypes=REAL)
