"""Kernels made by factories: one defining a class statement and renaming it, one calling
`type(...)`, each bound to a public name the registrations use."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import PlainMaker, SameOp


class _Affine(OpKernel):
    SCALE = 1.0
    OFFSET = 0.0

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * self.SCALE + self.OFFSET


def affine_kernel(name, scale, offset=0.0):
    """A kernel class computing X * scale + offset, named `name`."""

    class Made(_Affine):
        SCALE = scale
        OFFSET = offset

    Made.__name__ = Made.__qualname__ = name
    return Made


def typed_affine(name, scale):
    return type(name, (_Affine,), {"SCALE": scale})


TripleKernel = affine_kernel("TripleKernel", 3.0)
HalveKernel = typed_affine("HalveKernel", 0.5)


class NegateKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


register_operator("hb_triple", SameOp, PlainMaker)
register_op_kernel("hb_triple", "CPU", TripleKernel, DataType.FLOAT32)
register_operator("hb_halve", SameOp, PlainMaker)
register_op_kernel("hb_halve", "CPU", HalveKernel, DataType.FLOAT32)
register_operator("hb_negate", SameOp, PlainMaker)
register_op_kernel("hb_negate", "CPU", NegateKernel, DataType.FLOAT32)
