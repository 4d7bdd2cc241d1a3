"""Composite kernels built on the binary ones: `NormKernel` holds a `HypotKernel`
(`self._elementwise = HypotKernel()`) and calls its static helper; `TallyNormKernel`
holds a `TallyHypotKernel`, whose `__init__` keeps a counter (it stays legacy)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ._weights import FLOATS, WeightMaker, WeightOp
from .binary import HypotKernel, TallyHypotKernel

__all__ = ["NormKernel", "TallyNormKernel"]


class NormKernel(OpKernel):
    def __init__(self):
        self._elementwise = HypotKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._elementwise._hypot(ctx.xp, x.data, ctx.attr("w")) - 1.0


class TallyNormKernel(OpKernel):
    def __init__(self):
        self._elementwise = TallyHypotKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._elementwise._hypot(ctx.xp, x.data, ctx.attr("w")) - 1.0


register_operator("hf_norm", WeightOp, WeightMaker)
register_operator("hf_tally_norm", WeightOp, WeightMaker)
for _dt in FLOATS:
    register_op_kernel("hf_norm", "CPU", NormKernel, _dt)
    register_op_kernel("hf_tally_norm", "CPU", TallyNormKernel, _dt)
