# ruff: noqa: F405
from ..core import *  # noqa: F403
from ..core.dtypes import REAL
from ..core.regutil import register_many
from .shared import AffineMaker, SameOp


class AffineKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = alloc_like(ctx, "Out", x)
        scaled = ctx.xp.multiply(x.data, attr_or(ctx, name="alpha", default=1.0))
        ctx.xp.add(scaled, attr_or(ctx, "beta", 0.0), out=data)


register_operator("sl_affine", SameOp, AffineMaker)
register_many("sl_affine", AffineKernel, REAL)
