"""`setattr(sys.modules[__name__], ...)` with a computed name, and `vars()[...] = ...`:
any name of the module may change."""

from __future__ import annotations

import sys

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import PlainMaker, SameShapeOp

WIDE = (DataType.FLOAT32,)
for _name in ("WIDE",):
    setattr(sys.modules[__name__], _name, (DataType.FLOAT32, DataType.FLOAT64))
vars()["NARROW"] = (DataType.FLOAT64,)


class SelfWideKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 6


register_operator("dn_self_wide", SameShapeOp, PlainMaker)
register_op_kernel("dn_self_wide", "CPU", SelfWideKernel, *WIDE)
