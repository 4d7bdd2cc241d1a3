"""Binary ops whose makers a type() factory of another module builds."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

from ..common.makers import BroadcastOp, simple_maker

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)

BinaryMaker = simple_maker("BinaryMaker", ["X", "Y"], ["Out"])
LerpMaker = simple_maker("LerpMaker", ["X", "Y", "W"], ["Out"],
                         [("weight", AttrType.FLOAT, 0.5)], optional=("W",))


class AddKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + y.data


class LerpKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        out = x.data + ctx.attr("weight") * (y.data - x.data)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = out


register_operator("t_add", BroadcastOp, BinaryMaker)
register_op_kernel("t_add", "CPU", AddKernel, *FLOATS)
register_operator("t_lerp", BroadcastOp, LerpMaker)
register_op_kernel("t_lerp", "CPU", LerpKernel, *FLOATS)
