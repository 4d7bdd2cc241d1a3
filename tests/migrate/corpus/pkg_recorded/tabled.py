"""A module-local table filled by a decorator a factory of factories made, registered by a
loop; slot tables built from the base's (`dict(SlotKernel.SLOTS, ...)`: a copy, the base's
table unchanged)."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ._registry import kernel_decorator
from .base import LikeXOp, SlotKernel, make_maker

KERNELS = {}
kernel = kernel_decorator(KERNELS)
#: the slots a debugging build reads (a copy of the base's, one more)
DEBUG_SLOTS = dict(SlotKernel.SLOTS, dbg="Debug")


@kernel("rc_softabs")
class SoftAbsKernel(SlotKernel):
    SLOTS = {"x": "X", "out": "Out", "debug": "Debug"}

    def compute(self, ctx):
        x = self.inp(ctx, "x")
        out = self.alloc(ctx, "out", x.dtype)
        out[...] = (x.data * x.data + 1.0) ** 0.5


register_operator("rc_softabs", LikeXOp, make_maker("SoftAbsMaker"))
for _op, (_cls, _dtypes) in KERNELS.items():
    for _dt in _dtypes:
        register_op_kernel(_op, "CPU", _cls, _dt)
