"""The operator and maker the team's activation ops share."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class ModeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("mode", AttrType.STRING, "relu", "which activation")


class ModeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
