"""tp_saturate: floats quantized to `bits` and back; int codes only clipped to the range.
The float kernel reads `symmetric`, the int one does not."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class SaturateOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "floats, or int codes")
        self.add_output("Out", "X saturated")
        self.add_attr("bits", AttrType.INT, 8, "code width")
        self.add_attr("symmetric", AttrType.BOOLEAN, True, "a range symmetric around 0")


class SaturateOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class SaturateFloatKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        levels = 2 ** (ctx.attr("bits") - 1) - 1
        lo = -levels if ctx.attr("symmetric") else -levels - 1
        codes = ctx.xp.clip(ctx.xp.round(x.data * levels), lo, levels)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = codes / levels


class SaturateIntKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        bits = ctx.attr("bits")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.clip(x.data, -(2 ** (bits - 1)), 2 ** (bits - 1) - 1)


register_operator("tp_saturate", SaturateOp, SaturateOpMaker)
register_op_kernel("tp_saturate", "CPU", SaturateFloatKernel, "float32", "float64")
register_op_kernel("tp_saturate", "CPU", SaturateIntKernel, "int32", "int64")
