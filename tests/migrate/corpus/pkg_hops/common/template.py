"""The template kernel: compute() allocates Out like X and lets apply() fill it."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from pkg_hops.common.bufs import make_out


class MapMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("lo", AttrType.FLOAT, -1.0, "lower bound")
        self.add_attr("hi", AttrType.FLOAT, 1.0, "upper bound")


class MapOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class MapTemplate(OpKernel):
    ATTRS = ()

    def compute(self, ctx):
        x = ctx.input("X")
        out = make_out(ctx)
        out[...] = self.apply(ctx.xp, x.data, *[ctx.attr(a) for a in self.ATTRS])
