"""Kernels formatting class constants into messages: one the f-string can spell, one it
cannot before Python 3.12 (both quotes and a backslash, under a computed format spec)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common.loud import alloc_traced
from ..common.utils import TraceMaker, TraceOp, alloc_like


class PaddedKernel(OpKernel):
    LABEL = "pad"

    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_like(ctx, "Out")
        tag = ctx.attr("tag")
        out[...] = x.data + len(f"{self.LABEL:>6}|{self.LABEL!r}|{tag}")


class QuotedKernel(OpKernel):
    LABEL = 'say "hi"\\n'

    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_like(ctx, "Out")
        width = len(ctx.attr("tag"))
        out[...] = x.data + len(f"{self.LABEL:>{width}}")


class LoudKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_traced(ctx, "Out")
        out[...] = -x.data


register_operator("tr_padded", TraceOp, TraceMaker)
register_operator("tr_quoted", TraceOp, TraceMaker)
register_operator("tr_loud", TraceOp, TraceMaker)
register_op_kernel("tr_padded", "CPU", PaddedKernel, DataType.FLOAT32)
register_op_kernel("tr_quoted", "CPU", QuotedKernel, DataType.FLOAT32)
register_op_kernel("tr_loud", "CPU", LoudKernel, DataType.FLOAT32)
