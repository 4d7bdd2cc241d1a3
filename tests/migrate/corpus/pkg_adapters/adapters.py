"""The adapter base, its operators and the registration table's helper."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class BetaMaker(PlainMaker):
    def make(self):
        super().make()
        self.add_attr("beta", AttrType.FLOAT, 1.0, "sharpness")


class AlphaMaker(PlainMaker):
    def make(self):
        super().make()
        self.add_attr("alpha", AttrType.FLOAT, 0.02, "slope below zero")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class UnaryAdapter(OpKernel):
    """Runs `impl(xp, x, **attrs)`, the attributes named by `reads` passed by name."""

    reads = ()

    def compute(self, ctx):
        x = ctx.input("X")
        kwargs = {name: ctx.attr(name) for name in self.reads}
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.impl(ctx.xp, x.data, **kwargs)


class Entry:
    """One kernel of the table; `traced` wraps its `impl` to count its calls."""

    def __init__(self, op, kernel, traced=False):
        self.op, self.kernel, self.traced = op, kernel, traced


CALLS = []


def _traced(fn):
    def run(*args, **kwargs):
        CALLS.append(fn.__name__)
        return fn(*args, **kwargs)
    return run


def install(entries):
    for entry in entries:
        if entry.traced:
            entry.kernel.impl = staticmethod(_traced(entry.kernel.impl))
        register_op_kernel(entry.op, "CPU", entry.kernel, *FLOATS)
