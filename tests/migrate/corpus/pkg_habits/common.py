"""What every module of team H shares: the maker of a one-input op with bounds, its
operator, and a helper reading an attribute or its tensor twin."""

from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class BoundsMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "values to bound")
        self.add_output("Out", "bounded values")
        self.add_attr("min", AttrType.FLOAT, -1.0, "lowest value kept")
        self.add_attr("max", AttrType.FLOAT, 1.0, "highest value kept")


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def bound_of(ctx, name):
    """The attribute `name` as a float, never beyond +-1e6 (the builtins do the clamping)."""
    value = ctx.attr(name)
    return float(min(max(value, -1e6), 1e6))
