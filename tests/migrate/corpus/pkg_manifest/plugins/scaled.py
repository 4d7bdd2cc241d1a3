"""A kernel with an attribute, bound by keywords, on the GPU too."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.var_type import AttrType

from .._registry import FLOATING, KernelBinding, OpSpec
from ._shapes import SameShapeOp


class ScaleMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "scaled X")
        self.add_attr("scale", AttrType.FLOAT, 3.0, "factor")


class ScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("scale")


MANIFEST = [
    OpSpec("tx_scale", SameShapeOp, ScaleMaker),
    KernelBinding(op="tx_scale", kernel=ScaleKernel, dtypes=FLOATING, devices=("GPU", "CPU")),
]
