"""tp_lerp: X + w (Y - X), w the Weight tensor when fed (broadcast), else attribute weight."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class LerpOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "start")
        self.add_input("Y", "end")
        self.add_input("Weight", "a weight per element, broadcast", dispensable=True)
        self.add_output("Out", "the interpolation")
        self.add_attr("weight", AttrType.FLOAT, 0.5, "the weight when Weight is not fed")


class LerpOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class LerpKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        y = ctx.input("Y")
        if ctx.has_input("Weight"):
            w = ctx.input("Weight").data
        else:
            w = ctx.attr("weight")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + w * (y.data - x.data)


register_operator("tp_lerp", LerpOp, LerpOpMaker)
register_op_kernel("tp_lerp", "CPU", LerpKernel, "float32", "float64")
