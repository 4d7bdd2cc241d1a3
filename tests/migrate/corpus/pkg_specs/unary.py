"""Team S's unary ops: one table of frozen-dataclass specs (some through a partial),
registered by a loop calling each one's `register()`."""

import functools

from legacy_fluid.framework.op_kernel import OpKernel

from .specs import FLOATS, SINGLE, OneInShifted, OpSpec

_LAST_CTX = []


class ExpmImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2 - 1


class ShiftImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + shift


class HoldImpl(OpKernel):
    """Keeps the context it ran with: cannot migrate (its table still registers it)."""

    def compute(self, ctx):
        _LAST_CTX.append(ctx)
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 1


_float_spec = functools.partial(OpSpec, cpu=FLOATS)

SPECS = [
    _float_spec("sp_expm", ExpmImpl, gpu=SINGLE, tags=("pointwise",)),
    OpSpec("sp_shift", ShiftImpl, SINGLE, maker=OneInShifted),
    _float_spec("sp_hold", HoldImpl),
]

for _spec in SPECS:
    _spec.register()
