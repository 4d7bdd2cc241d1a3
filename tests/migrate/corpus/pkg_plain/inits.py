"""Kernels whose `__init__` only runs the base's, in each spelling; one also logs its making."""

from legacy_fluid.framework import op_kernel
from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from . import ops

MADE = []


class HalveRowsKernel(OpKernel):
    def __init__(self):
        super(HalveRowsKernel, self).__init__()  # noqa: UP008 (the spelling read)

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("k")


class ThirdRowsKernel(op_kernel.OpKernel):
    def __init__(self):
        op_kernel.OpKernel.__init__(self)

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 3 + ctx.attr("k")


class QuarterRowsKernel(OpKernel):
    def __init__(self):
        """Nothing to keep."""
        super().__init__()

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 4 - ctx.attr("k")


class LoudRowsKernel(OpKernel):
    def __init__(self):
        super(LoudRowsKernel, self).__init__()  # noqa: UP008
        MADE.append(type(self).__name__)

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 5


for _op, _kernel in (("pl_halve", HalveRowsKernel), ("pl_third", ThirdRowsKernel),
                     ("pl_quarter", QuarterRowsKernel), ("pl_loud", LoudRowsKernel)):
    register_operator(_op, ops.PlainOp, ops.PlainMaker)
    op_kernel.register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
