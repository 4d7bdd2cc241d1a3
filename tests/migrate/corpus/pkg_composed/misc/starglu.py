"""Team R: a kernel composing a kernel class a star import of `act` binds."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..act import *  # noqa: F403
from ..common import FLOATS, UnaryMaker, UnaryOp


class GluNegKernel(OpKernel):
    def compute(self, ctx):
        GluKernel().compute(ctx)  # noqa: F405
        out = ctx.output("Out")
        out.data[...] = -out.data


register_operator("rx_glu_neg", UnaryOp, UnaryMaker)
register_op_kernel("rx_glu_neg", "CPU", GluNegKernel, *FLOATS)
