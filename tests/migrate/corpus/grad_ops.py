"""Team F: a forward op and its gradient op, each with a class kernel."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class SquareMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "x * x")


class SquareGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "forward input")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")


class SquareOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SquareGradOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "X@GRAD")
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("X"))


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class SquareGradKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        dout = ctx.input("Out@GRAD")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, x.dtype)
        dx[...] = 2 * x.data * dout.data


register_operator("team_square", SquareOp, SquareMaker)
register_operator("team_square_grad", SquareGradOp, SquareGradMaker)
register_op_kernel("team_square", "CPU", SquareKernel, DataType.FLOAT32)
register_op_kernel("team_square_grad", "CPU", SquareGradKernel, DataType.FLOAT32)
