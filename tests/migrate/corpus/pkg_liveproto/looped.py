"""Maker classes built in a loop, one per op, and registered in the same loop."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import SLOTS, KeepShape, declare

for _op, _default in (("lp_floor", 0.0), ("lp_ceil", 1.0)):
    class _Maker(OpProtoAndCheckerMaker):
        bound = _default

        def make(self):
            declare(self, *SLOTS, ("bound", type(self).bound))

    register_operator(_op, KeepShape, _Maker)


class FloorKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data.clip(ctx.attr("bound"), None)


class CeilKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data.clip(None, ctx.attr("bound"))


register_op_kernel("lp_floor", "CPU", FloorKernel, DataType.FLOAT32, DataType.FLOAT64)
register_op_kernel("lp_ceil", "CPU", CeilKernel, DataType.FLOAT32, DataType.FLOAT64)
