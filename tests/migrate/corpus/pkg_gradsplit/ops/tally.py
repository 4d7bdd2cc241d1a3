"""The forward op `gs_tally`: x * coeff, its kernel counting its calls (instance state:
it stays legacy, and so does its gradient in tally_grad.py)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from .cube import FLOATS

__all__ = ["TallyKernel"]


class TallyMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "coeff * x")
        self.add_attr("coeff", AttrType.FLOAT, 0.5, "the factor")


class TallyOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class TallyKernel(OpKernel):
    def __init__(self):
        self.calls = 0
        self.seen = []

    def compute(self, ctx):
        x = ctx.input("X")
        self.seen.append(x.data.shape)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * x.data.dtype.type(ctx.attr("coeff"))


register_operator("gs_tally", TallyOp, TallyMaker)
for _dtype in FLOATS:
    register_op_kernel("gs_tally", "CPU", TallyKernel, _dtype)
