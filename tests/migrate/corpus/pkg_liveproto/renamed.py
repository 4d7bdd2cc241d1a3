"""A maker reading its operand's name from a class attribute that a later top-level
statement changes."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import KeepShape


class MirrorMaker(OpProtoAndCheckerMaker):
    operand = "In"

    def make(self):
        self.add_input(self.operand, "operand")
        self.add_output("Out", "result")


MirrorMaker.operand = "X"
register_operator("lp_mirror", KeepShape, MirrorMaker)


class MirrorKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


register_op_kernel("lp_mirror", "CPU", MirrorKernel, DataType.FLOAT32, DataType.FLOAT64)
