"""A maker reading its operand's name from a module constant that a later top-level
statement rebinds through globals(): the static reading refuses the constant (its module
changes its namespace dynamically), and with verify the op takes the imported proto."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import KeepShape, declare

OPERAND = "In"


class OffsetMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input(OPERAND, "operand")
        declare(self, *("Y", "Out"))


globals().update(OPERAND="X")
register_operator("lp_offset", KeepShape, OffsetMaker)


class OffsetKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + ctx.input("Y").data


register_op_kernel("lp_offset", "CPU", OffsetKernel, DataType.FLOAT32, DataType.FLOAT64)
