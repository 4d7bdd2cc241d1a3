"""A maker the static reading cannot follow, in a module that does not import (its
native extension is missing): importing the tree shows no proto."""

import team_l_native  # noqa: F401  (not installed)

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .helpers import SLOTS, KeepShape, declare


class CubeMaker(OpProtoAndCheckerMaker):
    def make(self):
        declare(self, *SLOTS)


register_operator("lp_cube", KeepShape, CubeMaker)


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** 3


register_op_kernel("lp_cube", "CPU", CubeKernel, DataType.FLOAT32, DataType.FLOAT64)
