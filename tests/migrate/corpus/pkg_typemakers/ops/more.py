"""Ops reusing a maker of a sibling module, a maker built inline, and the refused twins."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import makers
from ..common.makers import (
    BroadcastOp,
    extended_maker,
    late_maker,
    scaled_maker,
    simple_maker,
    tagged_maker,
)
from .binary import BinaryMaker

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)

ScaledMaker = scaled_maker("ScaledMaker")
TaggedMaker = tagged_maker("TaggedMaker", "neg")
ShiftMaker = extended_maker("ShiftMaker", "shift", 0.5)


class SubKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - y.data


class MulKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * y.data


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")


class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + ctx.attr("shift")


class OffsetKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - ctx.attr("offset")


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class LateKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1.0


register_operator("t_sub", BroadcastOp, BinaryMaker)
register_op_kernel("t_sub", "CPU", SubKernel, *FLOATS)
register_operator("t_mul", BroadcastOp, simple_maker("MulMaker", ("X", "Y"), ("Out",)))
register_op_kernel("t_mul", "CPU", MulKernel, *FLOATS)
register_operator("t_scale", BroadcastOp, ScaledMaker)
register_op_kernel("t_scale", "CPU", ScaleKernel, *FLOATS)
register_operator("t_shift", BroadcastOp, ShiftMaker)
register_op_kernel("t_shift", "CPU", ShiftKernel, *FLOATS)
register_operator("t_offset", BroadcastOp, extended_maker("OffsetMaker", "offset", 1.0))
register_op_kernel("t_offset", "CPU", OffsetKernel, *FLOATS)
register_operator("t_neg", BroadcastOp, TaggedMaker)
register_op_kernel("t_neg", "CPU", NegKernel, *FLOATS)
register_operator("t_late", BroadcastOp, late_maker("LateMaker"))
register_op_kernel("t_late", "CPU", LateKernel, *FLOATS)
makers.LATE_SLOTS.append("gain")

# a kernel class a type() factory builds from the base it is given: no class statement
# to rewrite, a row says so
CubeKernel = makers.elementwise_kernel("CubeKernel", lambda v: v * v * v, OpKernel)
register_operator("t_cube", BroadcastOp, simple_maker("CubeMaker", ("X",), ("Out",)))
register_op_kernel("t_cube", "CPU", CubeKernel, *FLOATS)
