"""Reads the tuples `patch.py` changed (wrong if read by their bindings) and one it did not."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from . import patch  # noqa: F401
from .consts import DOUBLES, FLOATS, HALVES, STABLE
from .shared import PlainMaker, SameShapeOp


class SetattrKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 2


class DictKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 3


class AttrKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 4


class StableKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * 5


for _op in ("dn_setattr", "dn_dict", "dn_attr", "dn_stable"):
    register_operator(_op, SameShapeOp, PlainMaker)
register_op_kernel("dn_setattr", "CPU", SetattrKernel, *FLOATS)
register_op_kernel("dn_dict", "CPU", DictKernel, *HALVES)
register_op_kernel("dn_attr", "CPU", AttrKernel, *DOUBLES)
register_op_kernel("dn_stable", "CPU", StableKernel, *STABLE)
