"""Team S: a clamp between two attributes (composed by `acts`), and one remembering the
last bound it used (instance state: it stays legacy)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class SpanMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("lo", AttrType.FLOAT, -0.5, "lower bound")
        self.add_attr("hi", AttrType.FLOAT, 0.5, "upper bound")


class SpanOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SpanClampKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, ctx.attr("lo"), ctx.attr("hi"))


class StickyClampKernel(OpKernel):
    def __init__(self):
        self.last_hi = None

    def compute(self, ctx):
        self.last_hi = ctx.attr("hi")
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, ctx.attr("lo"), self.last_hi)


register_operator("sx_span_clamp", SpanOp, SpanMaker)
register_operator("sx_sticky_clamp", SpanOp, SpanMaker)
for _dt in FLOATS:
    register_op_kernel("sx_span_clamp", "CPU", SpanClampKernel, _dt)
    register_op_kernel("sx_sticky_clamp", "CPU", StickyClampKernel, _dt)
