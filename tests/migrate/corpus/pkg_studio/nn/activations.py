"""Team S: activations; the shared helpers come in by `from ..common import *`, the maker
and operator from a sibling helper module, and `HardKernel` is reused by `fused.py`."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import *  # noqa: F403
from ..common.ops import UnaryMaker, UnaryOp


class HardKernel(OpKernel):
    """Hard sigmoid with slope alpha."""

    def compute(self, ctx):
        x = ctx.input("X")
        y = ctx.xp.clip(x.data * ctx.attr("alpha") + HALF, 0, 1)  # noqa: F405
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = y


class SquashKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X").data
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = x / (1 + ctx.xp.abs(x)) * ctx.attr("alpha")


register_operator("studio_hard", UnaryOp, UnaryMaker)
register_op_kernel("studio_hard", "CPU", HardKernel, *FLOATS)  # noqa: F405
register_operator("studio_squash", UnaryOp, UnaryMaker)
register_op_kernel("studio_squash", "CPU", SquashKernel, *FLOATS)  # noqa: F405
