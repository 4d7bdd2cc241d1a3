"""Scans of `scan.py` clipped, in a sibling module: a float kernel clipping the base's scan
to its LIMIT, and an int kernel over the int kernel, reaching it by `super(C, self)` (which
reaches the float base's scan by `super()` in turn)."""

from legacy_fluid.framework.op_registry import register_operator

from .common import FLOATS, INTS, ScanMaker, ScanOp, register_kernels
from .scan import ScanIntKernel, ScanKernel


class ScanClipKernel(ScanKernel):
    LIMIT = 1.0

    def scan(self, xp, src, mode, axis):
        return xp.clip(super().scan(xp, src, mode, axis), -self.LIMIT, self.LIMIT)


class ScanIntClipKernel(ScanIntKernel):
    SUPPORTED = ("sum", "prod", "max")
    LIMIT = 1048576

    def scan(self, xp, src, mode, axis):
        full = super(ScanIntClipKernel, self).scan(xp, src, mode, axis)  # noqa: UP008
        return xp.clip(full, -self.LIMIT, self.LIMIT).astype(src.dtype)


VERIFY_CASES = [
    {"name": f"{mode} along {axis}", "attrs": {"mode": mode, "axis": axis}}
    for mode in ("sum", "prod", "max") for axis in (0, 1)
] + [
    {"name": "overflowing products", "attrs": {"mode": "prod", "axis": 1},
     "inputs": {"X": {"shape": [3, 8], "low": 40000, "high": 90000}},
     "dtypes": ["int32", "int64"]},
]

register_operator("x_scan_clip", ScanOp, ScanMaker)
register_kernels("x_scan_clip", ScanClipKernel, FLOATS)
register_kernels("x_scan_clip", ScanIntClipKernel, INTS)
