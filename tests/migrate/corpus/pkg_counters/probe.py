"""A counter another module reads (`kernel.seen`): it stays legacy."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL, SameShapeOp, XOutMaker


class SeenTallyKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.seen = 0

    def compute(self, ctx):
        self.seen += 1
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


register_operator("ct_seen", SameShapeOp, XOutMaker)
register_op_kernel("ct_seen", "CPU", SeenTallyKernel, *REAL)
