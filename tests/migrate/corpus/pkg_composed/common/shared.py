"""Team R's helpers: a dtype tuple, a template kernel base, a mixin with a constant, a
helper taking the ExecutionContext and a registration helper. Registers nothing."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType

__all__ = ["FLOATS", "OffsetMixin", "PowBase", "alpha_of", "register_cpu"]

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


def alpha_of(ctx):
    return ctx.attr("alpha")


def register_cpu(op, kernel, dtypes=FLOATS):
    for dt in dtypes:
        register_op_kernel(op, "CPU", kernel, dt)


class OffsetMixin:
    OFFSET = 0.25


class PowBase(OpKernel):
    """Out = X ** POWER + OFFSET (the mixin's, or 0), in X's dtype."""

    POWER = 2
    OFFSET = 0.0

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data ** self.POWER + self.OFFSET
