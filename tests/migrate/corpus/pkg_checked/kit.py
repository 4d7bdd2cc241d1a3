"""Team C's kit: a unary op, and kernel and maker factories checking their arguments
first."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

_NOTED = []


class UnaryOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "result")


def _note(doc):
    _NOTED.append(doc)
    return True


def _apply(func_name, v):
    return getattr(np, func_name)(v)


def kit_kernel(func_name):
    """A kernel applying numpy's `func_name` through the kit's helper: only its guard reads
    numpy, which a module calling it need not import."""
    if not hasattr(np, func_name):
        raise AttributeError(func_name)

    class _KitKernel(OpKernel):
        def compute(self, ctx):
            x = ctx.input("X")
            ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = _apply(func_name, x.data)

    return _KitKernel


def scaled_maker(doc, default=1.0):
    """A maker of X -> Out with a float `scale`, after checking its default is a float."""
    if not isinstance(default, float):
        raise TypeError("the default scale must be a float")

    class _Scaled(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "input")
            self.add_output("Out", doc)
            self.add_attr("scale", AttrType.FLOAT, default, "factor")

    return _Scaled


def noted_maker(doc):
    """A maker whose guard books its doc (a side effect): no precondition."""
    if not _note(doc):
        raise ValueError(doc)

    class _Noted(OpProtoAndCheckerMaker):
        def make(self):
            self.add_input("X", "input")
            self.add_output("Out", doc)

    return _Noted
