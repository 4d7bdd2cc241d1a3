"""The gradient of `gs_cube` (forward in cube.py), registered with the framework's
`GradOp`: no backward.yaml entry exists for it."""

from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from .cube import FLOATS

__all__ = ["CubeGradKernel"]


class CubeGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "forward input")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the forward's factor")


class CubeGradKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        dout = ctx.input("Out@GRAD")
        coeff = ctx.attr("coeff")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, x.dtype)
        dx[...] = x.data * x.data * x.data.dtype.type(3 * coeff) * dout.data


register_operator("gs_cube_grad", GradOp, CubeGradMaker)
for _dtype in FLOATS:
    register_op_kernel("gs_cube_grad", "CPU", CubeGradKernel, _dtype)
