"""Kernels registered by decorator factories whose preamble computes the dtype lists."""

from legacy_fluid.framework.op_kernel import OpKernel

from .shared import book
from .shared.book import (
    SameMaker,
    SameShape,
    backend_kernel,
    declare,
    shifting_kernel,
    spread_kernel,
)
from .shared.kinds import ALL_KINDS, REAL_KINDS

ACCEL_LIST = (REAL_KINDS[1],)
FACTORIES = {"host": book.backend_kernel}  # a factory picked from a table: not read

for _op in ("ff_sigmoid", "ff_clip", "ff_twice", "ff_relu6", "ff_shift", "ff_base", "ff_cube"):
    declare(_op, SameShape, SameMaker)


@backend_kernel("ff_sigmoid", REAL_KINDS, accel=True)
class SigmoidKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = 1 / (1 + ctx.xp.exp(-x.data))


@backend_kernel("ff_clip", ALL_KINDS)
class ClipKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.clip(x.data, 0, 1)


@backend_kernel("ff_twice", REAL_KINDS, accel=ACCEL_LIST)
class TwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


@spread_kernel("ff_relu6", *REAL_KINDS, accel=True)
class Relu6Kernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.clip(x.data, 0, 6)


@shifting_kernel("ff_shift", REAL_KINDS)
class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


@backend_kernel("ff_base", REAL_KINDS)
class BaseScaleKernel(OpKernel):
    FACTOR = 3

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.FACTOR


@FACTORIES["host"]("ff_cube", REAL_KINDS)
class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data**3
