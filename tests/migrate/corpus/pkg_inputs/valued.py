"""An op checking its input holds probabilities."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class OddsMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "probabilities in [0, 1)")
        self.add_output("Out", "the odds p / (1 - p)")


class OddsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InOddsKernel(OpKernel):
    def compute(self, ctx):
        p = ctx.input("X")
        if bool(((p.data < 0) | (p.data >= 1)).any()):
            raise ValueError("in_odds: probabilities outside [0, 1)")
        ctx.output("Out").mutable_data(ctx.place, p.dtype)[...] = p.data / (1 - p.data)


register_operator("in_odds", OddsOp, OddsMaker)
register_op_kernel("in_odds", "CPU", InOddsKernel, DataType.FLOAT32, DataType.FLOAT64)
