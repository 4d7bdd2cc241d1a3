"""Tables bound on both sides of a constant `if` (the interpreter's version, a module
flag), registered plainly in one loop."""

import sys

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .elementwise import KeepShape, OneInMaker

_ON = True


class SquareImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class TwiceImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


if sys.version_info < (3, 8):  # noqa: UP036 (the team still ships for older Pythons)
    _TABLE = []
else:
    _TABLE = [("lg_square", SquareImpl)]

if _ON:
    _MORE = [("lg_twice", TwiceImpl)]
else:
    _MORE = []

for _op, _impl in _TABLE + _MORE:
    register_operator(_op, KeepShape, OneInMaker)
    register_op_kernel(_op, "CPU", _impl, DataType.FLOAT32)
