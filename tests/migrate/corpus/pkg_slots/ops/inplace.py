# ruff: noqa: F405
from ..core import *  # noqa: F403
from ..core import REAL
from .shared import AffineMaker, SameOp


class ReluInplaceKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = alloc_like(ctx, "Out", x)
        ctx.xp.maximum(x.data, 0, out=data)


class NegNamedKernel(OpKernel):
    OUT = "Out"

    def compute(self, ctx: ExecutionContext) -> None:
        data = alloc_like(ctx, self.OUT, ctx.input("X"))
        ctx.xp.negative(data_of(ctx, "X"), out=data)


register_operator("sl_relu_", SameOp, AffineMaker)
register_operator("sl_neg_named", SameOp, AffineMaker)
for _t in REAL:
    register_op_kernel("sl_relu_", "CPU", ReluInplaceKernel, _t)
    register_op_kernel("sl_neg_named", "CPU", NegNamedKernel, _t)
