"""Activations: the template's compute() calls a helper this module does not import."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import attr_tuple, template, twice, widest
from ..common.template import MapMaker, MapOp


class HardHalfKernel(template.MapTemplate):
    def apply(self, xp, x):
        return xp.clip(x * 0.5 + 0.5, 0.0, 1.0)


class FloorHalfKernel(template.MapTemplate):
    ATTRS = ("lo",)

    def apply(self, xp, x, lo):
        return xp.maximum(x * 0.5, lo)


class HardHalfTwiceKernel(twice.TwiceTemplate):
    def apply(self, xp, x):
        return xp.clip(x * 0.5 + 0.5, 0.0, 1.0)


class BandKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        lo, hi = attr_tuple(ctx, "lo", "hi")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, lo, hi)


class BandSpreadKernel(OpKernel):
    BOUNDS = ("lo", "hi")

    def compute(self, ctx):
        x = ctx.input("X")
        lo, hi = attr_tuple(ctx, *self.BOUNDS)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, lo, hi)


class BandPickedKernel(OpKernel):
    def pick(self, x):
        return ("lo", "hi") if x.data.size else ("hi", "lo")

    def compute(self, ctx):
        x = ctx.input("X")
        lo, hi = attr_tuple(ctx, *self.pick(x))
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, lo, hi)


class BandScaledKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        scale = widest(ctx, x.data, x.data * 0.5)  # `*arrays` given values: parameters
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data / scale


for _op, _kernel in (("hp_half", HardHalfKernel), ("hp_half_twice", HardHalfTwiceKernel),
                     ("hp_floor_half", FloorHalfKernel),
                     ("hp_band", BandKernel), ("hp_band_spread", BandSpreadKernel),
                     ("hp_band_picked", BandPickedKernel),
                     ("hp_band_scaled", BandScaledKernel)):
    register_operator(_op, MapOp, MapMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
