"""Team S's rows: NamedTuple rows enrolled by a method and by a module function, a plain
class spec, and one spec registered by a statement of its own."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .specs import SINGLE, KernelRow, OneIn, OpSpec, PlainSpec, SameShape, enroll_row


class TripleImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 3


class QuarterImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 4


class SquareImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class FlipImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


for _op in ("sp_triple", "sp_quarter"):
    register_operator(_op, SameShape, OneIn)

ROWS = (KernelRow("sp_triple", TripleImpl), KernelRow("sp_quarter", QuarterImpl, SINGLE))

for _row in ROWS:
    _row.enroll()

PLAIN = [PlainSpec("sp_square", SquareImpl)]
for _plain in PLAIN:
    _plain.register()

OpSpec("sp_flip", FlipImpl, SINGLE).register()

register_operator("sp_enrolled", SameShape, OneIn)


class HalfImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


for _row in (KernelRow("sp_enrolled", HalfImpl),):
    enroll_row(_row)


class NegHalfImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data / 2


register_operator("sp_direct", SameShape, OneIn)
# the loop reads the row's fields itself
for _row in (KernelRow("sp_direct", NegHalfImpl, SINGLE),):
    for _t in _row.dtypes:
        register_op_kernel(_row.op, "CPU", _row.kernel, _t)
