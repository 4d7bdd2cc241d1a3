"""An op whose maker the factory builds and whose kernel allocates through the helper."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from pkg_anyhelp.common import SameShapeOp, alloc_like, simple_maker

XMaker = simple_maker("XMaker", ["X", "Mask"], ["Out"], [("value", AttrType.FLOAT, 0.0)])


class MaskedFillKernel(OpKernel):
    def compute(self, ctx):
        x, mask = ctx.input("X"), ctx.input("Mask")
        data = alloc_like(ctx, "Out", x)
        keep = mask.data == 0
        data[...] = x.data * keep + ctx.attr("value") * (1 - keep)


register_operator("q_masked_fill", SameShapeOp, XMaker)
register_op_kernel("q_masked_fill", "CPU", MaskedFillKernel, DataType.FLOAT32,
                   DataType.FLOAT64)
