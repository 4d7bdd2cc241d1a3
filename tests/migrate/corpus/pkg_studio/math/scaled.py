"""Team S: kernels of one module composing each other, one through an intermediate
(`TripleKernel` composes `DoubleKernel`, which composes `BaseScaleKernel`), and a kernel
class a sibling sub-package subclasses."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS
from ..common.ops import UnaryMaker, UnaryOp


class BaseScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * ctx.attr("alpha")


class DoubleKernel(OpKernel):
    def compute(self, ctx):
        BaseScaleKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] *= 2


class TripleKernel(OpKernel):
    def compute(self, ctx):
        DoubleKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data / 2 * 3


for _op, _kernel in (("studio_scale", BaseScaleKernel), ("studio_double", DoubleKernel),
                     ("studio_triple", TripleKernel)):
    register_operator(_op, UnaryOp, UnaryMaker)
    register_op_kernel(_op, "CPU", _kernel, *FLOATS)
