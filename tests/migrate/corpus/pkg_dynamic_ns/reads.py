"""Twins that only read their namespace: nothing changes, so everything reads as bound."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import PlainMaker, SameShapeOp

PAIR = (DataType.FLOAT32, DataType.FLOAT64)
_HAS_PAIR = "PAIR" in globals()
_KNOWN = sorted(vars().keys())


def _lookup(name):
    local = locals()
    local["shadow"] = 1  # a function's own locals: not the module's
    return globals().get(name)


class ReadPairKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 7


register_operator("dn_read_pair", SameShapeOp, PlainMaker)
register_op_kernel("dn_read_pair", "CPU", ReadPairKernel, *PAIR)
