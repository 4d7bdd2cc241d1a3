"""Subclasses of the decorated kernels, registered by a plain loop."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from pkg_heirs.base import FLOATS, SameShape, UnaryMaker
from pkg_heirs.basic import SoftsignKernel, TaggedKernel


class ScaledSoftsignKernel(SoftsignKernel):
    ATTRS = ("gain",)

    def apply(self, xp, x, out, gain=1.0):
        out[...] = x * self.softsign(xp, x * x.dtype.type(gain))


class ScaledTaggedKernel(TaggedKernel):
    ATTRS = ("gain",)

    def apply(self, xp, x, out, gain=1.0):
        out[...] = x * self.softsign(xp, x * x.dtype.type(gain))


for _op, _kernel in (("hr_scaled_softsign", ScaledSoftsignKernel),
                     ("hr_scaled_tagged", ScaledTaggedKernel)):
    register_operator(_op, SameShape, UnaryMaker)
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
