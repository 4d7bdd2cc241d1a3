"""The operator and makers the kernel modules declare their ops with."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "scaled X")
        self.add_attr("factor", AttrType.FLOAT, 3.0, "the factor")
