"""Shared op declarations of the team's binary ops."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)

__all__ = ["FLOATS", "WeightMaker", "WeightOp"]


class WeightMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("w", AttrType.FLOAT, 0.5, "weight of the second operand")


class WeightOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
