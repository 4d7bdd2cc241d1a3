"""Kernels caching what they compute: windows per (length, kind) in a class-level dict,
polynomial coefficients built on the first run."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import SameShapeOp, WindowMaker

COEFFS = (0.5, -1.0, 0.25, 2.0)


def _window(n, kind):
    if kind == "hann":
        return np.hanning(n)
    if kind == "hamming":
        return np.hamming(n)
    return np.ones(n)


class WindowKernel(OpKernel):
    _cache = {}

    def compute(self, ctx):
        x = ctx.input("X")
        n = x.data.shape[-1]
        kind = ctx.attr("kind")
        key = (n, kind)
        if key not in self._cache:
            self._cache[key] = _window(n, kind)
        w = self._cache[key]
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * w.astype(x.data.dtype)


class PolyKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._coeffs = None

    def compute(self, ctx):
        x = ctx.input("X")
        if self._coeffs is None:
            self._coeffs = np.array(COEFFS, dtype=np.float64)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = np.polyval(self._coeffs, x.data)


register_operator("t2_window", SameShapeOp, WindowMaker)
register_operator("t2_poly", SameShapeOp, WindowMaker)
register_op_kernel("t2_window", "CPU", WindowKernel, DataType.FLOAT32, DataType.FLOAT64)
register_op_kernel("t2_poly", "CPU", PolyKernel, DataType.FLOAT32)
