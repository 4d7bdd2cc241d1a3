"""Maker factories: one building X -> Out with extra attributes, one building any slots
by name (flags by membership, a cosmetic chained rename), one reading a list that a
caller may append to."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

ENABLED = set()
LATE_ATTRS = []


def unary_maker(doc: str, attrs: tuple = ()):
    class _Unary(OpProtoAndCheckerMaker):
        def make(self) -> None:
            self.add_input("X", "input")
            self.add_output("Out", doc)
            for name, type_, default, comment in attrs:
                self.add_attr(name, type_, default, comment)

    return _Unary


def slots_maker(name, inputs=("X",), outputs=("Out",), attrs=(), dispensable=(),
                duplicable=()):
    class _Slots(OpProtoAndCheckerMaker):
        def make(self):
            for slot in inputs:
                self.add_input(slot, slot, dispensable=slot in dispensable,
                               duplicable=slot in duplicable)
            for slot in outputs:
                self.add_output(slot, slot, duplicable=slot in duplicable)
            for attr_name, attr_type, default in attrs:
                self.add_attr(attr_name, attr_type, default, attr_name)

    _Slots.__name__ = _Slots.__qualname__ = name
    return _Slots


def late_maker(doc):
    class _Late(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", doc)
            self.add_output("Out", doc)
            for name in LATE_ATTRS:
                self.add_attr(name, AttrType.FLOAT, 0.0, name)

    return _Late


def declare(op_type, op_class, maker):
    register_operator(op_type, op_class, maker)
    ENABLED.add(op_type)


def ufunc_kernel(ufunc, ufunc_name, class_name=None):
    class _Kernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ufunc(x.data)

    _Kernel.__name__ = _Kernel.__qualname__ = class_name or (
        "M" + "".join(p.title() for p in ufunc_name.split("_")) + "Kernel")
    return _Kernel


def self_named_kernel(ufunc):
    class _Kernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ufunc(x.data)

    _Kernel.__name__ = _Kernel.__qualname__ = "M" + ufunc.__name__.title() + "Kernel"
    return _Kernel
