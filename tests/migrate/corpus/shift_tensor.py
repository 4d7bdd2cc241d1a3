"""Team C: shifts whose amount may come from a tensor input.

`ShiftKernel` reads the tensor exactly as a PHI Scalar would (its first element, as an
int); `RawShiftKernel` reads that element as it is (the Scalar's value); `DataShiftKernel`
converts the element of `.data` with int() (the same number on any device);
`RawDataShiftKernel` reads `.data`'s element as it is (a device array on a GPU, not the
Scalar's host value); `OddShiftKernel`
computes with the tensor's value before converting it, which no Scalar parameter can
express.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class ShiftMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_input("ShiftTensor", "overrides shift", dispensable=True)
        self.add_output("Out", "output")
        self.add_attr("shift", AttrType.INT, 1, "positions to roll")


class ShiftOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        if ctx.has_input("ShiftTensor"):
            shift = int(ctx.input("ShiftTensor").numpy().reshape(-1)[0])
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, shift)


class RawShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        if ctx.has_input("ShiftTensor"):
            shift = ctx.input("ShiftTensor").numpy().reshape(-1)[0]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, shift)


class DataShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        if ctx.has_input("ShiftTensor"):
            shift = int(ctx.input("ShiftTensor").data.reshape(-1)[0])
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, shift)


class RawDataShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        if ctx.has_input("ShiftTensor"):
            shift = ctx.input("ShiftTensor").data.reshape(-1)[0]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, shift)


class OddShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift")
        if ctx.has_input("ShiftTensor"):
            shift = int(ctx.input("ShiftTensor").numpy()[0] * 2 + 1)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.roll(x.data, shift)


VERIFY_CASES = [
    {"name": "attribute", "attrs": {"shift": 2}},
    {"name": "tensor", "inputs": {"ShiftTensor": {"value": [3], "dtype": "int32"}}},
]

register_operator("team_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_shift", "CPU", ShiftKernel, DataType.FLOAT32, DataType.INT64)
register_operator("team_raw_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_raw_shift", "CPU", RawShiftKernel, DataType.FLOAT32, DataType.INT64)
register_operator("team_data_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_data_shift", "CPU", DataShiftKernel, DataType.FLOAT32, DataType.INT64)
register_operator("team_raw_data_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_raw_data_shift", "CPU", RawDataShiftKernel, DataType.FLOAT32)
register_operator("team_odd_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_odd_shift", "CPU", OddShiftKernel, DataType.FLOAT32)
