"""Activations registered by their class decorators."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import FLOATS, SameShape, UnaryMaker, op_kernel, timed_kernel

for _op in ("st_gelu_tanh", "st_softsign", "st_relu6", "st_tagged", "st_timed",
            "st_half_softsign", "st_labelled_softsign"):
    register_operator(_op, SameShape, UnaryMaker)


@op_kernel("st_gelu_tanh", FLOATS)
class GeluTanhKernel(OpKernel):
    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        inner = 0.7978845608 * (x + 0.044715 * x**3)
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = 0.5 * x * (
            1 + ctx.xp.tanh(inner))


@op_kernel("st_softsign", FLOATS, gpu_dtypes=())
class SoftsignKernel(OpKernel):
    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x / (1 + ctx.xp.abs(x))


@op_kernel("st_relu6", FLOATS)
class Relu6Kernel(OpKernel):
    """Read by users.py through its OP_TYPE: kept for it."""

    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = ctx.xp.clip(x, 0, 6)


@op_kernel("st_tagged", FLOATS)
class TaggedKernel(OpKernel):
    """Reads what the decorator stored."""

    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        scale = 2.0 if type(self).OP_TYPE.endswith("_tagged") else 1.0
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x * scale


@timed_kernel("st_timed", FLOATS)
class TimedKernel(OpKernel):
    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x - 1


class HalfSoftsignKernel(SoftsignKernel):
    """Inherits OP_TYPE from its decorated base, and never reads it."""

    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x / (2 + ctx.xp.abs(x))


class LabelledSoftsignKernel(SoftsignKernel):
    """Inherits OP_TYPE from its decorated base and reads it: stays legacy."""

    def compute(self, ctx):
        t = ctx.input("X")
        x = t.data
        shift = len(self.OP_TYPE) / 100
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = x / (1 + ctx.xp.abs(x)) + shift


for _op, _kernel in (("st_half_softsign", HalfSoftsignKernel),
                     ("st_labelled_softsign", LabelledSoftsignKernel)):
    for _dt in FLOATS:
        register_op_kernel(_op, "CPU", _kernel, _dt)
