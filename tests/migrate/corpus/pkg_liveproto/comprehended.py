"""A maker whose make() declares its attributes in a comprehension, after reading its
slots plainly."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from .helpers import KeepShape


class ClampMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")
        [self.add_attr(n, AttrType.FLOAT, d, "a bound") for n, d in (("lo", -1.0), ("hi", 1.0))]


register_operator("lp_clamp", KeepShape, ClampMaker)


class ClampKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data.clip(ctx.attr("lo"), ctx.attr("hi"))


register_op_kernel("lp_clamp", "CPU", ClampKernel, DataType.FLOAT32, DataType.FLOAT64)
