"""The maker, operator and dtype tuples both modules use."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

INTS = (DataType.INT32, DataType.INT64)
FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class PairMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "dividend")
        self.add_input("Y", "divisor")
        self.add_output("Out", "output")


class SameAsXOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
