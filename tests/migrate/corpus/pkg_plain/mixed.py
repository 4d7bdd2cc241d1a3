"""A cooperative mixin checking the input before the next class's compute() runs."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from . import ops


class FiniteGuard:
    def compute(self, ctx):
        x = ctx.input("X")
        if not ctx.xp.isfinite(x.data).all():
            raise ValueError("X holds a value that is not finite")
        super().compute(ctx)


class ScaledBase(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        buf = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        buf[...] = self.apply(ctx, x.data)

    def apply(self, ctx, data):
        return data * ctx.attr("k")


class GuardedScaleKernel(FiniteGuard, ScaledBase):
    pass


class ShiftedBase(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + ctx.attr("k")


class GuardedShiftKernel(FiniteGuard, ShiftedBase):
    def compute(self, ctx):
        super(GuardedShiftKernel, self).compute(ctx)  # noqa: UP008 (the spelling read)


class UnguardedKernel(FiniteGuard, OpKernel):
    pass


register_operator("pl_guard_scale", ops.PlainOp, ops.PlainMaker)
register_op_kernel("pl_guard_scale", "CPU", GuardedScaleKernel, DataType.FLOAT32)
register_operator("pl_guard_shift", ops.PlainOp, ops.PlainMaker)
register_op_kernel("pl_guard_shift", "CPU", GuardedShiftKernel, DataType.FLOAT32)
register_operator("pl_unguarded", ops.PlainOp, ops.PlainMaker)
register_op_kernel("pl_unguarded", "CPU", UnguardedKernel, DataType.FLOAT32)
