# ruff: noqa: F405
from ..core import *  # noqa: F403
from .shared import AffineMaker, SameOp

OUT_SLOTS = ["Out"]


class PickedSlotKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = alloc_like(ctx, OUT_SLOTS[0], x)
        ctx.xp.abs(x.data, out=data)


register_operator("sl_picked", SameOp, AffineMaker)
register_many("sl_picked", PickedSlotKernel, REAL)
