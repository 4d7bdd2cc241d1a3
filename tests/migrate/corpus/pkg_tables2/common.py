"""The maker and operator the team's two-input ops share."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class PairMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "first operand")
        self.add_input("Y", "second operand")
        self.add_output("Out", "elementwise result")
        self.add_attr("mode", AttrType.STRING, "l1", "which distance")


class PairOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class WindowMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "rows to weight")
        self.add_output("Out", "X weighted along its last axis")
        self.add_attr("kind", AttrType.STRING, "hann", "which window")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
