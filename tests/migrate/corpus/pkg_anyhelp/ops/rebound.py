"""The twin: this module binds `Any` itself, so the helper's `-> Any` reads another thing
here (its kernel stays legacy, named)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from pkg_anyhelp.common import SameShapeOp, alloc_like, simple_maker

Any = "any"

HalfMaker = simple_maker("HalfMaker", ["X"], ["Out"], [("value", AttrType.FLOAT, 0.5)])


class HalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        alloc_like(ctx, "Out", x)[...] = x.data * ctx.attr("value")


register_operator("q_half", SameShapeOp, HalfMaker)
register_op_kernel("q_half", "CPU", HalfKernel, DataType.FLOAT32, DataType.FLOAT64)
