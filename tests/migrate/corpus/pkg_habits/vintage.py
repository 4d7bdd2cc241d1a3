"""Kernels kept from the first release: bases spelled the old way (`object` named
explicitly, a typed kernel base), and bounds read by a shared helper whose attribute names
are builtins' names."""

from typing import Generic, TypeVar

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import BoundsMaker, PlainMaker, SameOp, bound_of

T = TypeVar("T")


class FloorAtZeroKernel(OpKernel, object):  # noqa: UP004 - the team's old habit
    """Out = X where X > 0, else 0."""

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        ctx.xp.maximum(x.data, 0, out=out)


class _TypedBase(Generic[T], OpKernel):
    """Old type-annotated base: the parameter says nothing at run time."""

    SHIFT = 0.5


class ShiftKernel(_TypedBase[float]):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + self.SHIFT


class BoundedKernel(OpKernel, object):  # noqa: UP004
    """Out = clip(X, min, max), both bounds read through the shared helper."""

    def compute(self, ctx):
        x = ctx.input("X")
        lo = bound_of(ctx, "min")
        hi = bound_of(ctx, "max")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        ctx.xp.clip(x.data, lo, hi, out=out)


register_operator("hb_floor_at_zero", SameOp, PlainMaker)
register_op_kernel("hb_floor_at_zero", "CPU", FloorAtZeroKernel, DataType.FLOAT32)
register_op_kernel("hb_floor_at_zero", "CPU", FloorAtZeroKernel, DataType.FLOAT64)
register_operator("hb_shift", SameOp, PlainMaker)
register_op_kernel("hb_shift", "CPU", ShiftKernel, DataType.FLOAT32)
register_operator("hb_bounded", SameOp, BoundsMaker)
register_op_kernel("hb_bounded", "CPU", BoundedKernel, DataType.FLOAT32)
