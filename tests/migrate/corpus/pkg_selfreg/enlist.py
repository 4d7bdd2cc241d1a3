"""Team S's registration helpers: a function handing back the kernel it enlisted,
decorators built on it, and a base whose subclasses enlist themselves."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)
HOST = ("CPU",)


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class ShapeKeeping(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def enlist(op_type, kernel_cls, dtypes, places=HOST):
    for place in places:
        for dt in dtypes:
            register_op_kernel(op_type, place, kernel_cls, dt)
    return kernel_cls


def serving(op_type, *dtypes, places=HOST):
    """Class decorator factory: `@serving("op", DataType.FLOAT32, places=(...))`."""

    def attach(klass):
        enlist(op_type, klass, dtypes, places)
        return klass

    return attach


def enlisted_as(op_type, dtypes):
    def wrap(kernel_cls):
        return enlist(op_type, kernel_cls, dtypes)

    return wrap


def cpu_float(klass):
    register_op_kernel("ss_negate", "CPU", klass, DataType.FLOAT32)
    return klass


def forgetful(op_type):
    def mark(klass):
        register_op_kernel(op_type, "CPU", klass, DataType.FLOAT32)

    return mark


class SelfEnlisting(OpKernel):
    """`class K(SelfEnlisting, op_type="ss_x", dtypes=(...))` enlists K for that op."""

    def __init_subclass__(cls, op_type=None, dtypes=REAL, places=HOST, **more):
        super().__init_subclass__(**more)
        if op_type is not None:
            enlist(op_type, cls, dtypes, places)
