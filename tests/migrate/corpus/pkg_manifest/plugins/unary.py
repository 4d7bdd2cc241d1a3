"""Unary kernels bound positionally, one on every device."""

from legacy_fluid.framework.op_kernel import OpKernel

from .._registry import EVERYWHERE, FLOATING, INTEGRAL, KernelBinding, OpSpec
from ._shapes import SameShapeOp, UnaryMaker


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class AbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


MANIFEST = [
    OpSpec("tx_neg", SameShapeOp, UnaryMaker),
    OpSpec("tx_abs", SameShapeOp, UnaryMaker),
    KernelBinding("tx_neg", NegKernel, FLOATING, EVERYWHERE),
    KernelBinding("tx_abs", AbsKernel, FLOATING | INTEGRAL),
]
