"""Caches that are state in effect: read from outside, written into, keyed loosely, or
filled by a computation with a side effect."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import SameShapeOp, WindowMaker

_BUILT = []


def _window(n, kind):
    return np.hanning(n) if kind == "hann" else np.ones(n)


def _logged_window(n, kind):
    _BUILT.append((n, kind))
    return _window(n, kind)


class PeekedWindowKernel(OpKernel):
    _windows = {}

    def compute(self, ctx):
        x = ctx.input("X")
        n, kind = x.data.shape[-1], ctx.attr("kind")
        key = (n, kind)
        if key not in self._windows:
            self._windows[key] = _window(n, kind)
        w = self._windows[key]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * w


def cached_windows():
    return sorted(PeekedWindowKernel._windows)


class DampedWindowKernel(OpKernel):
    _damped = {}

    def compute(self, ctx):
        x = ctx.input("X")
        n, kind = x.data.shape[-1], ctx.attr("kind")
        key = (n, kind)
        if key not in self._damped:
            self._damped[key] = _window(n, kind)
        w = self._damped[key]
        w *= 0.5
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * w


class LooseKeyWindowKernel(OpKernel):
    _loose = {}

    def compute(self, ctx):
        x = ctx.input("X")
        n, kind = x.data.shape[-1], ctx.attr("kind")
        if n not in self._loose:
            self._loose[n] = _window(n, kind)
        w = self._loose[n]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * w


class LoggedWindowKernel(OpKernel):
    _logged = {}

    def compute(self, ctx):
        x = ctx.input("X")
        n, kind = x.data.shape[-1], ctx.attr("kind")
        key = (n, kind)
        if key not in self._logged:
            self._logged[key] = _logged_window(n, kind)
        w = self._logged[key]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * w


for _op, _kernel in (("t2_peeked_window", PeekedWindowKernel),
                     ("t2_damped_window", DampedWindowKernel),
                     ("t2_loose_window", LooseKeyWindowKernel),
                     ("t2_logged_window", LoggedWindowKernel)):
    register_operator(_op, SameShapeOp, WindowMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
