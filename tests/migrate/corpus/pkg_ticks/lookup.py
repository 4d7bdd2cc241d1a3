"""Kernels calling the function their class names, found by a computed name on the
context's array module, and a helper doing the same on a context it is handed."""

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL, SameShapeOp, XOutMaker


def apply_named(ctx: ExecutionContext, name: str) -> None:
    x = ctx.input("X")
    ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = getattr(ctx.xp, name)(x.data)


class NamedUfuncKernel(OpKernel):
    FUNC = "tanh"

    def compute(self, ctx):
        x = ctx.input("X")
        fn = getattr(ctx.xp, self.FUNC)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)


class NamedHelperKernel(OpKernel):
    def compute(self, ctx):
        apply_named(ctx, "sin")


register_operator("tk_tanh", SameShapeOp, XOutMaker)
register_op_kernel("tk_tanh", "CPU", NamedUfuncKernel, *REAL)
register_operator("tk_sin", SameShapeOp, XOutMaker)
register_op_kernel("tk_sin", "CPU", NamedHelperKernel, *REAL)
