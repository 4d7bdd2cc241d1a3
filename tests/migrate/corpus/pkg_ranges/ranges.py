"""Kernels on the template base, and kernels looping over constant tuples of names."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .base import RangeKernelBase, RangeMaker, SameShapeOp

BOUNDS = ("lo", "hi")


class ClampKernel(RangeKernelBase):
    NAMES = ("lo", "hi")

    def apply(self, xp, x, lo=-1.0, hi=1.0):
        return xp.clip(x, lo, hi)


class SpanKernel(OpKernel):
    """A loop over a module constant."""

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        bounds = []
        for name in BOUNDS:
            bounds.append(ctx.attr(name))
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = (x.data - bounds[0]) / (bounds[1] - bounds[0])


class ScaleRangeKernel(OpKernel):
    """The names read by getattr(self, "NAMES")."""

    NAMES = ("hi", "lo")

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        hi, lo = [ctx.attr(n) for n in getattr(self, "NAMES")]  # noqa: B009
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = x.data * (hi - lo)


class WindowKernel(RangeKernelBase):
    """Another module (`tune.py`) changes its names at run time."""

    NAMES = ("lo", "hi")

    def apply(self, xp, x, lo=-1.0, hi=1.0):
        return xp.where((x >= lo) & (x <= hi), x, 0.0)


for _op, _kernel in (("rg_clamp", ClampKernel), ("rg_span", SpanKernel),
                     ("rg_scale", ScaleRangeKernel), ("rg_window", WindowKernel)):
    register_operator(_op, SameShapeOp, RangeMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
