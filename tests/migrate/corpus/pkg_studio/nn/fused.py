"""Team S: fused kernels running a sibling module's kernel on their own context
(`HardKernel().compute(ctx)`), then finishing the output in place."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..common import FLOATS
from ..common.ops import UnaryMaker, UnaryOp
from .activations import HardKernel


class HardSwishLikeKernel(OpKernel):
    def compute(self, ctx):
        HardKernel().compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data * ctx.input("X").data


register_operator("studio_hard_swish", UnaryOp, UnaryMaker)
register_op_kernel("studio_hard_swish", "CPU", HardSwishLikeKernel, *FLOATS)
