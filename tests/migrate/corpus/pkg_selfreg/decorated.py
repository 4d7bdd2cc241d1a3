"""Kernels registered by class decorators."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .enlist import REAL, PlainMaker, ShapeKeeping, cpu_float, enlisted_as, forgetful, serving

for _op in ("ss_inc", "ss_dec", "ss_negate", "ss_halve", "ss_shared"):
    register_operator(_op, ShapeKeeping, PlainMaker)


@serving("ss_inc", DataType.FLOAT32, DataType.FLOAT64, places=("CPU", "GPU"))
class IncKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


@enlisted_as("ss_dec", REAL)
class DecKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


@cpu_float
class NegateKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


@forgetful("ss_halve")
class HalveKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


@serving("ss_shared", *REAL)
class SharedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data
