"""Team U's registration helpers."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

#: which dtypes the team builds for
BUILDS = {DataType.FLOAT32: True, DataType.FLOAT64: True, DataType.INT32: False}


class OneInMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class KeepShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class Row:
    """One kernel of a registration table."""

    def __init__(self, op, kernel, places=("CPU",)):
        self.op, self.kernel, self.places = op, kernel, places

    def dtypes(self):
        return [t for t, on in BUILDS.items() if on]


def register_rows(rows):
    for row in rows:
        for place in row.places:
            register_op_kernel(row.op, place, row.kernel, *row.dtypes())


def tagged_kernel(op):
    """A class decorator registering the class and telling it its ops (a list, which the
    static reader does not take as a plain store)."""
    def wrap(cls):
        register_op_kernel(op, "CPU", cls, *[t for t, on in BUILDS.items() if on])
        cls.op_tags = [op]
        return cls
    return wrap


def register_built(op, kernel):
    register_op_kernel(op, "CPU", kernel, *(t for t in sorted(BUILDS, key=str) if BUILDS[t]))


def _one_in_make(self):
    self.add_input("X", "operand")
    self.add_output("Out", "result")


def one_in_maker(name):
    """A maker class per op, all with one proto: X in, Out out."""
    return type(name, (OpProtoAndCheckerMaker,), {"make": _one_in_make})
