"""Team W's kernels the codemod leaves legacy, each naming why."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .kit import MapMaker, SameShapeOp
from .twinkit import produce, produce_closed, produce_counted, produce_noted, produce_twice


class ClosedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        with produce_closed(ctx, "Out", x) as out:
            out[...] = x.data * 2


class TwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        with produce_twice(ctx, "Out", x) as out:
            out[...] = x.data * 3


class NotedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        with produce_noted(ctx, "Out", x) as out:
            out[...] = x.data * 4


class CountedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        with produce_counted(ctx, "Out", x) as out:
            out[...] = x.data * 7


class SlottedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        bufs = [None]
        with produce(ctx, "Out", x) as bufs[0]:
            bufs[0][...] = x.data * 5


class RescuedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        try:
            with produce(ctx, "Out", x) as out:
                out[...] = ctx.xp.sqrt(x.data, where=x.data >= 0, out=out)
                if (x.data < 0).any():
                    raise ArithmeticError("negative")
        except ArithmeticError:
            out[...] = 0


class EarlyKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        with produce(ctx, "Out", x) as out:
            out[...] = x.data * 6
            return


for _op, _kernel in (("pw_closed", ClosedKernel), ("pw_twice", TwiceKernel),
                     ("pw_noted", NotedKernel), ("pw_counted", CountedKernel),
                     ("pw_slotted", SlottedKernel),
                     ("pw_rescued", RescuedKernel), ("pw_early", EarlyKernel)):
    register_operator(_op, SameShapeOp, MapMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
