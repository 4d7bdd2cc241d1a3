"""Unary kernels: each allocates through the shared helper, which may trace."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common.utils import TraceMaker, TraceOp, alloc_like, checked_tag


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        out = alloc_like(ctx, "Out")
        out[...] = x.data * x.data


class TaggedKernel(OpKernel):
    LABEL = "{tag}"

    def compute(self, ctx):
        x = ctx.input("X")
        tag = checked_tag(ctx)
        out = alloc_like(ctx, "Out")
        if len(f"{self.LABEL}/{tag}") > 40:
            raise ValueError(f"{ctx.op_type}: tag {tag!r} is too long for {self.LABEL}")
        out[...] = x.data + len(tag)


register_operator("tr_square", TraceOp, TraceMaker)
register_operator("tr_tagged", TraceOp, TraceMaker)
register_op_kernel("tr_square", "CPU", SquareKernel, DataType.FLOAT32)
register_op_kernel("tr_tagged", "CPU", TaggedKernel, DataType.FLOAT32)
