"""Team F: ops that run on PHI kernels by name.

`team_relu_alias` names the framework's own `relu` kernel as its PHI kernel, so in PHI mode
it already runs on it; an op of the team is named like a PHI kernel of the framework
(`hardshrink`: the framework's legacy op is `hard_shrink`); `team_cube_alias` names a PHI
kernel of its own (`team_cube_k`), which nothing else registers.
"""

from compat.arg_mapping import register_base_kernel_name
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class ShrinkMaker(UnaryMaker):
    def make(self):
        super().make()
        self.add_attr("threshold", AttrType.FLOAT, 0.5, "values within it become 0")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ReluAliasKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.maximum(x.data, 0)


class ShrinkKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        t = ctx.attr("threshold")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.where(ctx.xp.abs(x.data) > t, x.data, 0)


class CubeAliasKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data ** 3


register_operator("team_relu_alias", SameShape, UnaryMaker)
register_operator("hardshrink", SameShape, ShrinkMaker)
register_operator("team_cube_alias", SameShape, UnaryMaker)
register_base_kernel_name("team_relu_alias", "relu")
register_base_kernel_name("team_cube_alias", "team_cube_k")
register_op_kernel("team_relu_alias", "CPU", ReluAliasKernel, DataType.FLOAT32)
register_op_kernel("hardshrink", "CPU", ShrinkKernel, DataType.FLOAT32)
register_op_kernel("team_cube_alias", "CPU", CubeAliasKernel, DataType.FLOAT32)
