"""Attributes declared with no default, read as `ctx.attr(N) if ctx.has_attr(N) else V`
or through an if/else on `ctx.has_attr(N)`, or read only where such a test holds (a helper
returning its default otherwise, an `and`); attributes no maker declares (old programs
carried them), read through such fallbacks: inline, and through a getter helper given a
module constant. Negative twins: two kernels of one op falling back to different values, a
fallback that is no literal, a test kept in a variable, an undeclared attribute falling
back to None (nothing says its type) or also read plainly."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
#: what an op desc without `bias` (no maker declares it) adds
BIAS = 0.25


class LooseMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("gain", AttrType.FLOAT, None, "no default: a desc may lack it")
        self.add_attr("mode", AttrType.STRING, None, "no default: a desc may lack it")
        self.add_attr("clip", AttrType.BOOLEAN, None, "no default: a desc may lack it")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class GainKernel(OpKernel):
    def compute(self, ctx):
        gain = ctx.attr("gain") if ctx.has_attr("gain") else 3.0
        if ctx.has_attr("mode"):
            mode = ctx.attr("mode")
        else:
            mode = "abs"
        t = ctx.input("X")
        y = np.abs(t.data) if mode == "abs" else t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = y * gain


class ClipKernel(OpKernel):
    def compute(self, ctx):
        if not ctx.has_attr("clip"):
            clip = True
        else:
            clip = ctx.attr("clip")
        t = ctx.input("X")
        y = np.clip(t.data, -0.5, 0.5) if clip else t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = y


class HalfGainKernel(OpKernel):
    def compute(self, ctx):
        gain = ctx.attr("gain") if ctx.has_attr("gain") else 1.0
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * gain / 2


class DoubleGainKernel(OpKernel):
    def compute(self, ctx):
        gain = ctx.attr("gain") if ctx.has_attr("gain") else 2.0
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * gain / 2


def attr_or(ctx, name, default):
    """The attribute where the desc carries one (not None), else `default`."""
    if ctx.has_attr(name):
        value = ctx.attr(name)
        if value is not None:
            return value
    return default


class TestedKernel(OpKernel):
    def compute(self, ctx):
        gain = attr_or(ctx, "gain", 0.5)
        clip = bool(ctx.attr("clip")) if ctx.has_attr("clip") and ctx.attr("clip") else False
        t = ctx.input("X")
        y = np.clip(t.data, -1.0, 1.0) if clip else t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = y * gain


class FlaggedKernel(OpKernel):
    def compute(self, ctx):
        flagged = ctx.has_attr("gain")
        gain = ctx.attr("gain") if flagged else 1.0
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * gain


class ComputedGainKernel(OpKernel):
    def compute(self, ctx):
        gain = ctx.attr("gain") if ctx.has_attr("gain") else float(len("abc"))
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * gain


def get_or(ctx, name, default):
    if ctx.has_attr(name):
        return ctx.attr(name)
    return default


class BoostKernel(OpKernel):
    """`boost` and `bias`: attributes of old programs that LooseMaker never declared."""

    def compute(self, ctx):
        boost = ctx.attr("boost") if ctx.has_attr("boost") else 2.0
        t = ctx.input("X")
        if get_or(ctx, "negate", False):
            boost = -boost
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * boost + get_or(
            ctx, "bias", BIAS)


class UntypedBoostKernel(OpKernel):
    def compute(self, ctx):
        boost = ctx.attr("boost") if ctx.has_attr("boost") else None
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * (boost or 1.0)


class TwiceReadBoostKernel(OpKernel):
    def compute(self, ctx):
        boost = ctx.attr("boost") if ctx.has_attr("boost") else 2.0
        t = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = t.data * boost * ctx.attr(
            "boost")


for _op in ("fb_gain", "fb_clip", "fb_split", "fb_computed", "fb_tested", "fb_flagged",
            "fb_boost", "fb_untyped", "fb_twice"):
    register_operator(_op, SameShape, LooseMaker)
for _dt in FLOATS:
    register_op_kernel("fb_gain", "CPU", GainKernel, _dt)
    register_op_kernel("fb_clip", "CPU", ClipKernel, _dt)
    register_op_kernel("fb_computed", "CPU", ComputedGainKernel, _dt)
    register_op_kernel("fb_tested", "CPU", TestedKernel, _dt)
    register_op_kernel("fb_flagged", "CPU", FlaggedKernel, _dt)
    register_op_kernel("fb_boost", "CPU", BoostKernel, _dt)
    register_op_kernel("fb_untyped", "CPU", UntypedBoostKernel, _dt)
    register_op_kernel("fb_twice", "CPU", TwiceReadBoostKernel, _dt)
register_op_kernel("fb_split", "CPU", HalfGainKernel, DataType.FLOAT32)
register_op_kernel("fb_split", "CPU", DoubleGainKernel, DataType.FLOAT64)
