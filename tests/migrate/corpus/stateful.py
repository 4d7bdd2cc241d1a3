"""Team I: kernels carrying state: set in __init__, patched after the class, or constant."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class WeighMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class WeighOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InitKernel(OpKernel):
    def __init__(self):
        self.factor = 2.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.factor


class PatchedKernel(OpKernel):
    FACTOR = 2.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.FACTOR


PatchedKernel.FACTOR = 3.0  # tuned after the fact: the class body no longer says it


class TupleKernel(OpKernel):
    WEIGHTS = (0.5, 2.0)

    def compute(self, ctx):
        x = ctx.input("X")
        w = self.WEIGHTS
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * w[0] + w[1]


register_operator("team_init", WeighOp, WeighMaker)
register_op_kernel("team_init", "CPU", InitKernel, DataType.FLOAT32)
register_operator("team_patched", WeighOp, WeighMaker)
register_op_kernel("team_patched", "CPU", PatchedKernel, DataType.FLOAT32)
register_operator("team_tuple", WeighOp, WeighMaker)
register_op_kernel("team_tuple", "CPU", TupleKernel, DataType.FLOAT32, DataType.FLOAT64)
