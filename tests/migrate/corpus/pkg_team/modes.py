"""Team P: module constants read through `from . import common as cm`, a string mode
attribute, and a read slot whose local is rebound to an array before the slot is read
again."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType

from . import common as cm


class ModeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("mode", AttrType.STRING, "floor", "floor or ceil")


class ModeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class StepKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        fn = ctx.xp.floor if ctx.attr("mode") == "floor" else ctx.xp.ceil
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(x.data)


class ArrayKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X").numpy()
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = x - 1


register_operator("team_pkg_step", ModeOp, ModeMaker)
register_op_kernel("team_pkg_step", "CPU", StepKernel, *cm.FLOAT_TYPES)
register_operator("team_pkg_array", ModeOp, ModeMaker)
register_op_kernel("team_pkg_array", "CPU", ArrayKernel, *cm.FLOAT_TYPES)
