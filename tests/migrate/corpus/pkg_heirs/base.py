"""The elementwise template, the decorators registering kernels, the maker and operator."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("gain", AttrType.FLOAT, 1.0, "read by the scaled kernels")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ElementwiseTemplate(OpKernel):
    """Out = apply(X), apply given the attributes ATTRS names."""

    ATTRS = ()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        self.apply(ctx.xp, x.data, out, *[ctx.attr(a) for a in self.ATTRS])


def serves(op_type, *dtypes, accel=False):
    """Class decorator factory: registers the class for `op_type` and hands it back."""
    places = ("CPU", "GPU") if accel else ("CPU",)

    def attach(klass):
        for place in places:
            for dt in dtypes:
                register_op_kernel(op_type, place, klass, dt)
        return klass

    return attach


def serves_tagged(op_type, *dtypes):
    """Registers the class and sets an attribute on it: it changes the class it hands back."""

    def attach(klass):
        klass.op_tag = op_type
        for dt in dtypes:
            register_op_kernel(op_type, "CPU", klass, dt)
        return klass

    return attach
