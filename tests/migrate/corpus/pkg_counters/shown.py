"""A counter read back by the kernel's own `__repr__`: state that is read stays legacy."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL, SameShapeOp, XOutMaker


class ShownTallyKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.hits = 0

    def compute(self, ctx):
        self.hits += 1
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1

    def __repr__(self):
        return f"ShownTallyKernel(hits={self.hits})"


register_operator("ct_shown", SameShapeOp, XOutMaker)
register_op_kernel("ct_shown", "CPU", ShownTallyKernel, *REAL)
