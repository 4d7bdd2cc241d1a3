"""Team R: kernels running a kernel of another sub-package on their own context, imported
through that sub-package's re-exports (relative, absolute, and through `api.py`)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from pkg_composed.act import SoftKernel

from ..act import GluKernel
from ..api import GluKernel as ApiGluKernel
from ..common import FLOATS, UnaryMaker, UnaryOp


class GluSquaredKernel(OpKernel):
    def compute(self, ctx):
        GluKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data * out.data


class SoftDoubleKernel(OpKernel):
    def compute(self, ctx):
        SoftKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data * 2


class GluHalfKernel(OpKernel):
    def compute(self, ctx):
        ApiGluKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data * 0.5


register_operator("rx_glu_squared", UnaryOp, UnaryMaker)
register_op_kernel("rx_glu_squared", "CPU", GluSquaredKernel, *FLOATS)
register_operator("rx_soft_double", UnaryOp, UnaryMaker)
register_op_kernel("rx_soft_double", "CPU", SoftDoubleKernel, *FLOATS)
register_operator("rx_glu_half", UnaryOp, UnaryMaker)
register_op_kernel("rx_glu_half", "CPU", GluHalfKernel, *FLOATS)
