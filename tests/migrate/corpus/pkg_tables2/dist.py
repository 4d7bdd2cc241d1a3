"""Distances picked by the `mode` attribute from a table, and blends through partials."""

import functools
from functools import partial

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import PairMaker, PairOp


def _l1(a, b):
    return np.abs(a - b)


def _l2(a, b):
    return (a - b) ** 2


def _huber(a, b, scale=2.0):
    d = np.abs(a - b)
    return np.where(d < scale, 0.5 * d * d / scale, d - 0.5 * scale)


def _lincomb(a, b, beta=1.0):
    return a + beta * b


class DistKernel(OpKernel):
    MODES = {"l1": _l1, "l2": _l2, "smooth": functools.partial(_huber, scale=1.0),
             "wide": partial(_huber, scale=3.0), "max": np.maximum}

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        fn = self.MODES[ctx.attr("mode")]
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = fn(x.data, y.data)


class BlendKernel(OpKernel):
    _impl = functools.partial(_lincomb)
    _half = partial(_lincomb, beta=0.5)
    _quarter = staticmethod(partial(_lincomb, beta=0.25))

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        if ctx.attr("mode") == "half":
            out[...] = self._half(x.data, y.data)
        elif ctx.attr("mode") == "quarter":
            out[...] = self._quarter(x.data, y.data)
        else:
            out[...] = self._impl(x.data, y.data)


register_operator("t2_dist", PairOp, PairMaker)
register_operator("t2_blend", PairOp, PairMaker)
register_op_kernel("t2_dist", "CPU", DistKernel, DataType.FLOAT32, DataType.FLOAT64)
register_op_kernel("t2_blend", "CPU", BlendKernel, DataType.FLOAT32)
