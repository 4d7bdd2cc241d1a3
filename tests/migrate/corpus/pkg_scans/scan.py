"""A scan kernel and its int subclass, which narrows the modes and wraps the base's helper
in an overflow guard, calling it through `super()`."""

from typing import ClassVar

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, UnsupportedOpVariantError
from legacy_fluid.framework.op_registry import register_operator

from .common import FLOATS, INTS, ScanMaker, ScanOp, register_kernels


def _ignore_overflow():
    return np.errstate(over="ignore")


class ScanKernel(OpKernel):
    SUPPORTED: ClassVar[tuple[str, ...]] = ("sum", "prod", "max", "min", "mean")

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        axis = ctx.attr("axis")
        if mode not in self.SUPPORTED:
            raise UnsupportedOpVariantError("x_scan", f"mode {mode!r}",
                                            f"modes: {', '.join(self.SUPPORTED)}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.scan(ctx.xp, x.data, mode, axis)

    def scan(self, xp, src, mode, axis):
        if mode == "sum":
            return xp.cumsum(src, axis=axis, dtype=src.dtype)
        if mode == "prod":
            return xp.cumprod(src, axis=axis, dtype=src.dtype)
        if mode == "max":
            return xp.maximum.accumulate(src, axis=axis)
        if mode == "min":
            return xp.minimum.accumulate(src, axis=axis)
        counts = xp.arange(1, src.shape[axis] + 1, dtype=src.dtype)
        shape = [1] * src.ndim
        shape[axis] = -1
        return xp.cumsum(src, axis=axis, dtype=src.dtype) / counts.reshape(shape)


class ScanIntKernel(ScanKernel):
    SUPPORTED = ("sum", "prod", "max", "min")

    def scan(self, xp, src, mode, axis):
        with _ignore_overflow():
            return super().scan(xp, src, mode, axis)


VERIFY_CASES = [
    {"name": f"{mode} along {axis}", "attrs": {"mode": mode, "axis": axis}}
    for mode in ("sum", "prod", "max", "min") for axis in (0, 1)
] + [
    {"name": "mean", "attrs": {"mode": "mean", "axis": 1}, "dtypes": ["float32", "float64"]},
    {"name": "overflowing products", "attrs": {"mode": "prod", "axis": 1},
     "inputs": {"X": {"shape": [3, 8], "low": 40000, "high": 90000}},
     "dtypes": ["int32", "int64"]},
]

register_operator("x_scan", ScanOp, ScanMaker)
register_kernels("x_scan", ScanKernel, FLOATS, gpu=FLOATS)
register_kernels("x_scan", ScanIntKernel, INTS)
