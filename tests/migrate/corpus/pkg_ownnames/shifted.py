"""A shift op whose module defines its own `DenseTensor` (a tensor-like record of the team's
debugging tool) and its own plain `register_kernel` loop."""

from collections import namedtuple

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

DenseTensor = namedtuple("DenseTensor", "name shape")


def describe(name, shape):
    return DenseTensor(name, tuple(shape))


def register_kernel(op, kernel):
    for dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(op, "CPU", kernel, dtype)


class ShiftMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "operand")
        self.add_output("Out", "X + 1")


class ShiftOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class OnShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 1


register_operator("on_shift", ShiftOp, ShiftMaker)
register_kernel("on_shift", OnShiftKernel)
