"""Maker factories building their class with type(), the operator class of the ops, and a
kernel factory built the same way (its class a `compute` closing over a function)."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

LATE_SLOTS = []


class BroadcastOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def simple_maker(name, inputs, outputs, attrs=(), optional=()):
    def make(self):
        for slot in inputs:
            self.add_input(slot, slot, dispensable=slot in optional)
        for slot in outputs:
            self.add_output(slot, slot)
        for attr_name, attr_type, default in attrs:
            self.add_attr(attr_name, attr_type, default, attr_name)

    return type(name, (OpProtoAndCheckerMaker,), {"make": make})


def _scaled_make(self):
    self.add_input("X", "input")
    self.add_output("Out", "output")
    self.add_attr("scale", AttrType.FLOAT, 2.0, "factor")


def scaled_maker(name):
    """One proto for every call: the namespace names a module-level function."""
    built = type(name, (OpProtoAndCheckerMaker,), {"make": _scaled_make, "__doc__": "x * s"})
    return built


class _UnaryBase(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


def extended_maker(name, attr, default):
    """The base's slots (its make() called by name), then one attribute."""

    def make(self):
        _UnaryBase.make(self)
        self.add_attr(attr, AttrType.FLOAT, default, attr)

    return type(name, (_UnaryBase,), {"make": make})


def tagged_maker(name, tag):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")

    return type(name, (OpProtoAndCheckerMaker,), {"make": make, "TAG": tag})


def late_maker(name):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        for attr_name in LATE_SLOTS:
            self.add_attr(attr_name, AttrType.FLOAT, 0.0, attr_name)

    return type(name, (OpProtoAndCheckerMaker,), {"make": make})


def elementwise_kernel(name, fn, base=OpKernel):
    """A kernel class (deriving from `base`) computing `fn(x)` elementwise."""

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)

    return type(name, (base,), {"compute": compute, "__doc__": "Out = fn(X)"})
