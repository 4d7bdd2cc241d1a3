"""Records built in a loop over a table."""

from legacy_fluid.framework.op_kernel import OpKernel

from .._registry import FLOATING, KernelBinding, OpSpec
from ._shapes import SameShapeOp, UnaryMaker


class DoubleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


class HalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


MANIFEST = []
for _op, _kernel in (("tx_double", DoubleKernel), ("tx_half", HalfKernel)):
    MANIFEST.append(OpSpec(_op, SameShapeOp, UnaryMaker))
    MANIFEST.append(KernelBinding(_op, _kernel, FLOATING))
