"""Kernels naming their class constants in f-string error messages."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import ModeMaker, SameShapeOp


class PickKernel(OpKernel):
    """The tuple is written with double quotes, as is the f-string naming it."""

    MODES = ("abs", "neg")

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        if mode not in self.MODES:
            raise ValueError(f"ks_pick: mode must be one of {self.MODES}, not {mode!r}")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = ctx.xp.abs(x.data) if mode == "abs" else -x.data


class QuoteKernel(OpKernel):
    """A constant whose repr needs a backslash: no spelling fits the f-string."""

    HINT = 'it\'s "abs"'

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        if mode != "abs":
            raise ValueError(f"ks_quote: {self.HINT}, not {mode!r}")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = ctx.xp.abs(x.data)


for _op, _kernel in (("ks_pick", PickKernel), ("ks_quote", QuoteKernel)):
    register_operator(_op, SameShapeOp, ModeMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
