"""Negative twins: `super()` calls the codemod cannot resolve statically, each kernel
left legacy with its reason: `super(type(self), self)`, `super()` in a nested function, a
base's method keeping state on the instance, and a lifted name the override binds itself."""

from legacy_fluid.framework.op_registry import register_operator

from .common import FLOATS, ScanMaker, ScanOp, register_kernels
from .scan import ScanKernel


class TypedSuperKernel(ScanKernel):
    def scan(self, xp, src, mode, axis):
        return super(type(self), self).scan(xp, src, mode, axis) * 2


class NestedSuperKernel(ScanKernel):
    def scan(self, xp, src, mode, axis):
        def run():
            return super(NestedSuperKernel, self).scan(xp, src, mode, axis)

        return run() * 2


class _RecordingScan(ScanKernel):
    def scan(self, xp, src, mode, axis):
        self.last_mode = mode
        return super().scan(xp, src, mode, axis)


class RecordedScanKernel(_RecordingScan):
    def scan(self, xp, src, mode, axis):
        return super().scan(xp, src, mode, axis) * 2


class ShadowScanKernel(ScanKernel):
    def scan(self, xp, src, mode, axis):
        _scan = super().scan(xp, src, mode, axis)
        return _scan * 2


for _op, _kernel in (("x_scan_typed", TypedSuperKernel), ("x_scan_nested", NestedSuperKernel),
                     ("x_scan_recorded", RecordedScanKernel),
                     ("x_scan_shadow", ShadowScanKernel)):
    register_operator(_op, ScanOp, ScanMaker)
    register_kernels(_op, _kernel, FLOATS)
