"""Team C's scaled maps: each reads `scale` and allocates through a helper taking ctx."""

from __future__ import annotations

from typing import Any

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import SameShapeOp, ScaledMaker, ScaleMixin, alloc_like

_SEEN: list[Any] = []


def scale_from(ctx):
    return ctx.attr("scale")


def scaled_values(ctx, values):
    """Calls another helper with ctx (two levels) and reads ctx.xp."""
    return ctx.xp.multiply(values, scale_from(ctx))


def remember(ctx):
    _SEEN.append(ctx)
    return ctx.attr("scale")


class TripledAbsKernel(ScaleMixin, OpKernel):
    """Out = |X| * scale * FACTOR: the mixin of shared.py reads the attribute and this
    class's FACTOR; shared.alloc_like reads ctx.place."""

    FACTOR = 3.0

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out")
        data = alloc_like(ctx, out, x)
        data[...] = ctx.xp.abs(x.data) * x.data.dtype.type(self.scale_of(ctx))


class NestedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = scaled_values(ctx, x.data)


class KeepsCtxKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = x.data * remember(ctx)


for _op, _kernel in (("ctx_tripled_abs", TripledAbsKernel), ("ctx_nested", NestedKernel),
                     ("ctx_keeps", KeepsCtxKernel)):
    register_operator(_op, SameShapeOp, ScaledMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
