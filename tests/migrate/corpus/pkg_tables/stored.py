"""Kernels composing kernel instances `__init__` stores (`self._square = SquareKernel()`,
then `self._square.compute(ctx)`), and two that do more with them: an `__init__` also
keeping a counter, and a method handing the stored kernel out."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .shared import REAL, UfuncMaker, UfuncOp


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class HalfSquareKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._square = SquareKernel()

    def compute(self, ctx):
        self._square.compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data / 2


class SquarePlusOneKernel(OpKernel):
    def __init__(self):
        self.inner = SquareKernel()

    def compute(self, ctx):
        self.inner.compute(ctx)
        out = ctx.output("Out")
        out.data[...] = out.data + 1


class CountingSquareKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self._square = SquareKernel()
        self.calls = 0

    def compute(self, ctx):
        self.calls += 1
        self._square.compute(ctx)

    def __repr__(self):
        return f"CountingSquareKernel(calls={self.calls})"


class SharedSquareKernel(OpKernel):
    def __init__(self):
        self._square = SquareKernel()

    def compute(self, ctx):
        self._square.compute(ctx)

    def inner(self):
        return self._square


for _op, _kernel in (("ts_square", SquareKernel), ("ts_half_square", HalfSquareKernel),
                     ("ts_square_plus_one", SquarePlusOneKernel),
                     ("ts_counting_square", CountingSquareKernel),
                     ("ts_shared_square", SharedSquareKernel)):
    register_operator(_op, UfuncOp, UfuncMaker)
    for _dt in REAL:
        register_op_kernel(_op, "CPU", _kernel, _dt)
