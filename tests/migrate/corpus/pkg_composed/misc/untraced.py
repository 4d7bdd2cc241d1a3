"""Team R: a kernel composing a kernel class `lazy.py` looks up at import time."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS, UnaryMaker, UnaryOp
from ..lazy import GluKernel


class GluCubedKernel(OpKernel):
    def compute(self, ctx):
        GluKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data ** 3


register_operator("rx_glu_cubed", UnaryOp, UnaryMaker)
register_op_kernel("rx_glu_cubed", "CPU", GluCubedKernel, *FLOATS)
