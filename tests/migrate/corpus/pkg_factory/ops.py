"""Team F's ops: makers and kernels from the helper module's factories (one factory call
per op, arguments as constants and dotted names), a factory of this module with a
constant of its own, and calls the codemod cannot read as classes; a dtype list with an old
name bound to it (`REAL_TYPES = REALS`), read through either name."""

import functools
import operator

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .makers import (
    UnaryOp,
    built_offset_kernel,
    chained_kernel,
    counted_kernel,
    keyword_offset_kernel,
    make_unary_maker,
    maker_with,
    named_kernel,
    offset_kernel,
    titled_kernel,
    tuned_kernel,
    unary_kernel,
)

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
REALS = [DataType.FLOAT32, DataType.FLOAT64]
REAL_TYPES = REALS  # the old name, kept for old imports


def scaled_kernel(factor):
    """A kernel multiplying X by twice `factor`."""
    twice = factor * 2

    class _Scaled(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * twice

    return _Scaled


def _pick():
    return np.negative


def _signed_power(x, p):
    return np.sign(x) * np.abs(x) ** p


AbsMaker = make_unary_maker("|X| * alpha")
AbsKernel = unary_kernel(np.abs)
SquareMaker = make_unary_maker(doc="X ** 2 * alpha", alpha=0.5)
SquareKernel = unary_kernel(fn=np.square)
DoubleKernel = scaled_kernel(1.0)
CountedKernel = counted_kernel(np.negative)
ChainedKernel = chained_kernel(np.abs, np.negative)
PickedKernel = unary_kernel(_pick())
PowerKernel = unary_kernel(functools.partial(_signed_power, p=1.5))
ExpKernel = named_kernel("ExpKernel", np.exp, doc="Out = exp(X) - X")
TunedKernel = tuned_kernel(np.abs)
OffsetKernel = offset_kernel(operator.gt, 1)
CbrtKernel = titled_kernel(np.cbrt)
KeywordOffsetKernel = keyword_offset_kernel(operator.gt)
BuiltOffsetKernel = built_offset_kernel(operator.lt)
AffineMaker = maker_with("X * scale + shift", ("scale", 2.0, "factor"), ("shift", -1.0, "offset"))
PlainMaker = maker_with("X")


class AffineKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * ctx.attr("scale") + ctx.attr("shift")


class CopyKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data

register_operator("fx_abs", UnaryOp, AbsMaker)
register_op_kernel("fx_abs", "CPU", AbsKernel, *FLOATS)
register_operator("fx_square", UnaryOp, SquareMaker)
register_op_kernel("fx_square", "CPU", SquareKernel, *FLOATS)
register_operator("fx_double", UnaryOp, AbsMaker)
register_op_kernel("fx_double", "CPU", DoubleKernel, *FLOATS)
register_operator("fx_counted", UnaryOp, AbsMaker)
register_op_kernel("fx_counted", "CPU", CountedKernel, *FLOATS)
register_operator("fx_chained", UnaryOp, AbsMaker)
register_op_kernel("fx_chained", "CPU", ChainedKernel, *FLOATS)
register_operator("fx_picked", UnaryOp, AbsMaker)
register_op_kernel("fx_picked", "CPU", PickedKernel, *FLOATS)
register_operator("fx_power", UnaryOp, AbsMaker)
register_op_kernel("fx_power", "CPU", PowerKernel, *FLOATS)
register_operator("fx_exp", UnaryOp, AbsMaker)
register_op_kernel("fx_exp", "CPU", ExpKernel, *FLOATS)
register_operator("fx_tuned", UnaryOp, AbsMaker)
register_op_kernel("fx_tuned", "CPU", TunedKernel, *FLOATS)
register_operator("fx_affine", UnaryOp, AffineMaker)
register_op_kernel("fx_affine", "CPU", AffineKernel, *FLOATS)
register_operator("fx_copy", UnaryOp, PlainMaker)
register_op_kernel("fx_copy", "CPU", CopyKernel, *FLOATS)
register_operator("fx_offset", UnaryOp, AbsMaker)
register_op_kernel("fx_offset", "CPU", OffsetKernel, *REALS)
register_operator("fx_keyword_offset", UnaryOp, AbsMaker)
register_op_kernel("fx_keyword_offset", "CPU", KeywordOffsetKernel, *REAL_TYPES)
register_operator("fx_cbrt", UnaryOp, AbsMaker)
register_op_kernel("fx_cbrt", "CPU", CbrtKernel, *REALS)
register_operator("fx_built_offset", UnaryOp, AbsMaker)
register_op_kernel("fx_built_offset", "CPU", BuiltOffsetKernel, *REALS)
