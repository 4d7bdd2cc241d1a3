"""Kernels registering through a base that also stamps their op type on the class
(`cls.op_type = op_type`), with a template between: PowerTemplate is registered for no op,
only its subclasses are."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .enlist import REAL, PlainMaker, ShapeKeeping, enlist


class Stamped(OpKernel):
    def __init_subclass__(cls, op_type=None, **more):
        super().__init_subclass__(**more)
        if op_type is None:
            return
        cls.op_type = op_type
        enlist(op_type, cls, REAL)


class PowerTemplate(Stamped):
    """X ** POWER, X's dtype."""

    POWER = 1

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** self.POWER


class FifthKernel(PowerTemplate, op_type="ss_fifth"):
    POWER = 5


register_operator("ss_fifth", ShapeKeeping, PlainMaker)
