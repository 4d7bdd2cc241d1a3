"""A maker the static reading cannot follow, registered only when an environment switch
is on: importing the tree (the switch off) registers no operator for its kernel."""

import os

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import SLOTS, KeepShape, declare


class TwiceMaker(OpProtoAndCheckerMaker):
    def make(self):
        declare(self, *SLOTS)


if os.environ.get("TEAM_L_EXTRA_OPS") == "1":
    register_operator("lp_twice", KeepShape, TwiceMaker)


class TwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 2


register_op_kernel("lp_twice", "CPU", TwiceKernel, DataType.FLOAT32, DataType.FLOAT64)
