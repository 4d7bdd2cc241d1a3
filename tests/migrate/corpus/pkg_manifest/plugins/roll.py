"""An operator carrying its kernel class in its body, registered by hand."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel

from .._registry import FLOATING, OpSpec
from ._shapes import SameShapeOp, UnaryMaker


class RollOp(SameShapeOp):
    class Kernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, 1)


MANIFEST = [OpSpec("tx_roll", RollOp, UnaryMaker)]

register_op_kernel("tx_roll", "CPU", RollOp.Kernel, *FLOATING)
