from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import SameOp, UnaryMaker


class PlainKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


register_operator("rx_plain", SameOp, UnaryMaker)
register_op_kernel("rx_plain", "CPU", PlainKernel, DataType.FLOAT32, DataType.FLOAT64)
