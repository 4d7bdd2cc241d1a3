"""Negative twins: a table extended after its definition, a spec whose field is changed, a
non-frozen dataclass changed elsewhere, a method reading more than its fields."""

from dataclasses import dataclass

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .specs import FLOATS, SINGLE, OneIn, OpSpec, SameShape, register_everywhere


class GrownImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 5


class LateImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 6


class PatchedImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 7


class LooseImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 8


class PeekImpl(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 9


GROWN = [OpSpec("sp_grown", GrownImpl, SINGLE)]
GROWN.append(OpSpec("sp_late", LateImpl, SINGLE))
for _spec in GROWN:
    _spec.register()

class TunableSpec:
    """A plain class storing its arguments; one instance is changed before it registers."""

    def __init__(self, title, impl, places=("CPU",)):
        self.title = title
        self.impl = impl
        self.places = places

    def register(self):
        register_operator(self.title, SameShape, OneIn)
        for place in self.places:
            register_op_kernel(self.title, place, self.impl, SINGLE[0])


_patched = TunableSpec("sp_patched", PatchedImpl)
_patched.places = ("CPU", "GPU")
_patched.register()


@dataclass
class LooseSpec:
    """Not frozen: `tune()` below changes a field of its instances."""

    label: str
    impl: type
    floats: tuple = SINGLE

    def register(self):
        register_operator(self.label, SameShape, OneIn)
        register_everywhere(self.label, self.impl, self.floats)


def tune(spec):
    spec.floats = FLOATS


LOOSE = [LooseSpec("sp_loose", LooseImpl)]
for _spec in LOOSE:
    _spec.register()


@dataclass(frozen=True)
class PeekSpec:
    """Its method reads a class constant besides its fields."""

    name: str
    kernel: type
    PLACE = "CPU"

    def register(self):
        register_operator(self.name, SameShape, OneIn)
        register_op_kernel(self.name, self.PLACE, self.kernel, SINGLE[0])


for _spec in (PeekSpec("sp_peek", PeekImpl),):
    _spec.register()
