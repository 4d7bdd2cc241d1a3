"""Team D: registration helpers built with functools.partial, and a kernel class that
is never registered at import (a plugin registers it later)."""

import functools

from legacy_fluid.framework import op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

_register_cpu_neg = functools.partial(op_kernel.register_op_kernel, "team_neg", "CPU")


class NegMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("unused", AttrType.INT, 0, "kept for old programs")


class NegOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class NegKernel(op_kernel.OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class PluginNegKernel(op_kernel.OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = 0 - x.data


register_operator("team_neg", NegOp, NegMaker)
_register_cpu_neg(NegKernel, DataType.FLOAT32, DataType.FLOAT64)
