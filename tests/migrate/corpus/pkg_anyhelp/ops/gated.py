"""A maker whose class reads `Any` (imported for its reading) and a kernel whose helper
reads it too; the twin module binds `Any` itself, to another thing."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType
from pkg_anyhelp.common import SameShapeOp, alloc_like, gated_maker

GateMaker = gated_maker("GateMaker", "X")


class GateKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        alloc_like(ctx, "Out", x)[...] = x.data * (x.data > 0)


register_operator("q_gate", SameShapeOp, GateMaker)
register_op_kernel("q_gate", "CPU", GateKernel, DataType.FLOAT32, DataType.FLOAT64)
