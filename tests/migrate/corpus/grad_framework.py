"""Team G: a gradient op registered with the framework's own operator class
(`register_operator("team_cube_grad", GradOp, CubeGradMaker)`: each `S@GRAD` output takes
`S`'s meta), an attribute shared with the forward, and no backward.yaml entry: the codemod
generates one next to the module from the grad proto and the forward's ops.yaml entry."""

from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class CubeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "coeff * x ** 3")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the factor")


class CubeGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "forward input")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the forward's factor")


class CubeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        coeff = ctx.attr("coeff")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * x.data * x.data * x.data.dtype.type(coeff)


class CubeGradKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        dout = ctx.input("Out@GRAD")
        coeff = ctx.attr("coeff")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, x.dtype)
        dx[...] = x.data * x.data * x.data.dtype.type(3 * coeff) * dout.data


register_operator("team_cube", CubeOp, CubeMaker)
register_operator("team_cube_grad", GradOp, CubeGradMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("team_cube", "CPU", CubeKernel, _dtype)
    register_op_kernel("team_cube_grad", "CPU", CubeGradKernel, _dtype)
