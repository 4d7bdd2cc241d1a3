"""The gradient of `gs_tally` (forward in tally.py, which stays legacy)."""

from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

from .cube import FLOATS

__all__ = ["TallyGradKernel"]


class TallyGradMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "forward input")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the forward's factor")


class TallyGradKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        dout = ctx.input("Out@GRAD")
        dx = ctx.output("X@GRAD").mutable_data(ctx.place, x.dtype)
        dx[...] = dout.data * x.data.dtype.type(ctx.attr("coeff"))


register_operator("gs_tally_grad", GradOp, TallyGradMaker)
for _dtype in FLOATS:
    register_op_kernel("gs_tally_grad", "CPU", TallyGradKernel, _dtype)
