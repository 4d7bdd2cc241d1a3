"""Team S: a kernel registered with a dtype tuple from a star import of a module without
`__all__` (which also binds `DataType`, the name the new kernel's registration needs)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common.dtypes import *  # noqa: F403
from ..common.ops import UnaryMaker, UnaryOp


class ClipUnitKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.clip(x.data, -1, 1)


register_operator("studio_clip_unit", UnaryOp, UnaryMaker)
register_op_kernel("studio_clip_unit", "CPU", ClipUnitKernel, *REAL)  # noqa: F405
