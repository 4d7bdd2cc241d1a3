"""Elementwise binary kernels: `HypotKernel` computes through a static helper (which
reads a module-level function of this module); `TallyHypotKernel` counts its calls in
`__init__`-made state (it stays legacy)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ._weights import FLOATS, WeightMaker, WeightOp

__all__ = ["HypotKernel", "TallyHypotKernel"]


def _square(a):
    return a * a


class HypotKernel(OpKernel):
    @staticmethod
    def _hypot(xp, a, b):
        return xp.sqrt(_square(a) + _square(b))

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._hypot(ctx.xp, x.data, x.data * ctx.attr("w"))


class TallyHypotKernel(OpKernel):
    def __init__(self):
        self.calls = 0

    def _hypot(self, xp, a, b):
        self.calls += 1
        return xp.sqrt(a * a + b * b) + self.calls

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._hypot(ctx.xp, x.data, x.data * ctx.attr("w"))


register_operator("hf_hypot", WeightOp, WeightMaker)
register_operator("hf_tally_hypot", WeightOp, WeightMaker)
for _dt in FLOATS:
    register_op_kernel("hf_hypot", "CPU", HypotKernel, _dt)
    register_op_kernel("hf_tally_hypot", "CPU", TallyHypotKernel, _dt)
