"""A manifest computed from two lists: which records it holds is not a literal's."""

from legacy_fluid.framework.op_kernel import OpKernel

from .._registry import FLOATING, KernelBinding, OpSpec
from ._shapes import SameShapeOp, UnaryMaker


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


OPERATORS = [OpSpec("tx_square", SameShapeOp, UnaryMaker)]
MANIFEST = OPERATORS + [KernelBinding("tx_square", SquareKernel, FLOATING)]  # noqa: RUF005
