"""Team S: a reduction whose kernel reads an int list attribute and a bool, keeps the
input as an array under the slot's own name, and uses a helper of `common` by module
(`from .. import common`)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from .. import common


class SumMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("dims", AttrType.INTS, [0], "axes")
        self.add_attr("keep", AttrType.BOOLEAN, True, "keep reduced axes")


class SumOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = list(ctx.get_input_dim("X"))
        for d in ctx.attr("dims"):
            dims[d] = 1
        ctx.set_output_dim("Out", dims)
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SumKernel(OpKernel):
    def compute(self, ctx):
        x = common.as_float(ctx.xp, ctx.input("X").data)
        axes = tuple(ctx.attr("dims"))
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = x.sum(axis=axes, keepdims=True)


register_operator("studio_sum", SumOp, SumMaker)
register_op_kernel("studio_sum", "CPU", SumKernel, *common.FLOATS)
