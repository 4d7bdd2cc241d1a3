"""A kernel base of the typed era, shared by other modules: generic over the element
type it was written for, registering nothing itself."""

from typing import Generic, TypeVar

from legacy_fluid.framework.op_kernel import OpKernel

E = TypeVar("E")


class ScaledBase(Generic[E], OpKernel):
    FACTOR = 1.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.FACTOR
