"""Team P: kernels of one module reusing each other by composition: an instance's
`compute` called from another kernel, and a static helper of a kernel class called as
`RoundKernel.rounded(...)`."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel

from .common import FLOAT_TYPES


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class AbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


class AbsPlusKernel(OpKernel):
    def compute(self, ctx):
        AbsKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data + 1


class RoundKernel(OpKernel):
    @staticmethod
    def rounded(xp, v):
        return xp.round(v)

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.rounded(ctx.xp, x.data)


class RoundHalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = RoundKernel.rounded(ctx.xp, x.data * 2) / 2


for _op, _kernel in (("team_pkg_abs", AbsKernel), ("team_pkg_abs_plus", AbsPlusKernel),
                     ("team_pkg_round", RoundKernel), ("team_pkg_round_half", RoundHalfKernel)):
    register_operator(_op, SameOp, PlainMaker)
    register_op_kernel(_op, "CPU", _kernel, *FLOAT_TYPES)
