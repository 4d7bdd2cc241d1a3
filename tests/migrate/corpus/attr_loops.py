"""Team R: template kernels reading the attributes their subclasses name in a constant."""

from typing import ClassVar

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class AffineMaker(PlainMaker):
    def make(self):
        super().make()
        self.add_attr("alpha", AttrType.FLOAT, 2.0, "scale")
        self.add_attr("beta", AttrType.FLOAT, 0.5, "offset")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _Template(OpKernel):
    ATTRS: ClassVar[tuple[str, ...]] = ()

    def compute(self, ctx):
        x = ctx.input("X")
        attrs = {name: ctx.attr(name) for name in self.ATTRS}
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.fn(x.data, **attrs)

    def fn(self, v, **attrs):
        raise NotImplementedError


class _LoopTemplate(OpKernel):
    ATTRS = ()

    def compute(self, ctx):
        x = ctx.input("X")
        kw = {}
        for name in self.ATTRS:
            kw[name] = ctx.attr(name)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.fn(x.data, **kw)


class NegKernel(_Template):
    def fn(self, v, **attrs):
        return -v


class AffineKernel(_Template):
    ATTRS = ("alpha", "beta")

    def fn(self, v, alpha, beta):
        return v * alpha + beta


class LoopNegKernel(_LoopTemplate):
    def fn(self, v):
        return -v


class LoopAffineKernel(_LoopTemplate):
    ATTRS = ("alpha", "beta")

    def fn(self, v, alpha, beta):
        return v * alpha + beta


register_operator("team_tneg", SameOp, PlainMaker)
register_op_kernel("team_tneg", "CPU", NegKernel, DataType.FLOAT32)
register_operator("team_taffine", SameOp, AffineMaker)
register_op_kernel("team_taffine", "CPU", AffineKernel, DataType.FLOAT32)
register_operator("team_lneg", SameOp, PlainMaker)
register_op_kernel("team_lneg", "CPU", LoopNegKernel, DataType.FLOAT32)
register_operator("team_laffine", SameOp, AffineMaker)
register_op_kernel("team_laffine", "CPU", LoopAffineKernel, DataType.FLOAT32)
