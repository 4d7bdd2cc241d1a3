"""The negative twins: a partial handed to a function (its arguments may change there) and
a partial bound twice; their kernels stay legacy."""

import functools

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .common import SameShapeOp, XOutMaker
from .registry import HOST, REAL, also_on_host, enlist


class PrSignKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.sign(x.data)


class PrTwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


def remember(hook):
    return hook


register_operator("pr_sign", SameShapeOp, XOutMaker)
register_operator("pr_twice", SameShapeOp, XOutMaker)
remember(also_on_host)
also_on_host("pr_sign", PrSignKernel, REAL)

_again = functools.partial(enlist, ("GPU",))
_again = functools.partial(enlist, HOST)
_again("pr_twice", PrTwiceKernel, REAL)
