"""Kernels registered from a table of row objects a helper loops over."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_registry import register_operator

from .helpers import KeepShape, OneInMaker, Row, register_rows

for _op in ("ur_double", "ur_halve"):
    register_operator(_op, KeepShape, OneInMaker)


class DoubleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


class HalveKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


def _triple(self, ctx):
    x = ctx.input("X")
    ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 3


register_operator("ur_triple", KeepShape, OneInMaker)
TripleKernel = type("TripleKernel", (OpKernel,), {"compute": _triple})

register_rows([
    Row("ur_double", DoubleKernel, places=("CPU", "GPU")),
    Row("ur_halve", HalveKernel),
    Row("ur_triple", TripleKernel),
])
