"""Team S's spec classes and the helper their `register()` methods call. A spec registers
its op's operator and kernels; the tables of op modules list them."""

from dataclasses import dataclass, field
from typing import NamedTuple

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)
SINGLE = (DataType.FLOAT32,)


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class OneIn(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")


class OneInShifted(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "result")
        self.add_attr("shift", AttrType.FLOAT, 1.0, "added to the result")


def register_everywhere(op, kernel, cpu, gpu=()):
    """The op's kernel on the host for `cpu`, on the device for `gpu`."""
    for t in cpu:
        register_op_kernel(op, "CPU", kernel, t)
    for t in gpu:
        register_op_kernel(op, "GPU", kernel, t)


@dataclass(frozen=True)
class OpSpec:
    """One op: its operator (with `maker`) and its kernel."""

    name: str
    kernel: type
    cpu: tuple
    gpu: tuple = ()
    maker: type = OneIn
    tags: tuple = field(default_factory=tuple)

    def register(self):
        register_operator(self.name, SameShape, self.maker)
        register_everywhere(self.name, self.kernel, self.cpu, self.gpu)


class KernelRow(NamedTuple):
    """A kernel of an op whose operator is registered elsewhere."""

    op: str
    kernel: type
    dtypes: tuple = FLOATS

    def enroll(self, place="CPU"):
        for t in self.dtypes:
            register_op_kernel(self.op, place, self.kernel, t)


class PlainSpec:
    """A spec that is a plain class: its `__init__` only stores its arguments."""

    def __init__(self, name, kernel, cpu=SINGLE):
        self.name = name
        self.kernel = kernel
        self.cpu = cpu

    def register(self):
        register_operator(self.name, SameShape, OneIn)
        register_everywhere(self.name, self.kernel, self.cpu)


def enroll_row(row):
    """A row handed to a module function: its kernel on the host."""
    register_everywhere(row.op, row.kernel, row.dtypes)
