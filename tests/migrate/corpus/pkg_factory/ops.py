"""Team F's ops: makers and kernels from the helper module's factories (one factory call
per op, arguments as constants and dotted names), a factory of this module with a
constant of its own, and calls the codemod cannot read as classes."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .makers import UnaryOp, chained_kernel, counted_kernel, make_unary_maker, unary_kernel

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


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


AbsMaker = make_unary_maker("|X| * alpha")
AbsKernel = unary_kernel(np.abs)
SquareMaker = make_unary_maker(doc="X ** 2 * alpha", alpha=0.5)
SquareKernel = unary_kernel(fn=np.square)
DoubleKernel = scaled_kernel(1.0)
CountedKernel = counted_kernel(np.negative)
ChainedKernel = chained_kernel(np.abs, np.negative)
PickedKernel = unary_kernel(_pick())

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
