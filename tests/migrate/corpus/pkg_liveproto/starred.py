"""A maker whose make() passes its slots to a helper with *args."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import SLOTS, KeepShape, declare


class ShiftMaker(OpProtoAndCheckerMaker):
    def make(self):
        declare(self, *SLOTS, ("offset", 1.5))


register_operator("lp_shift", KeepShape, ShiftMaker)


class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + ctx.attr("offset")


register_op_kernel("lp_shift", "CPU", ShiftKernel, DataType.FLOAT32, DataType.FLOAT64)
