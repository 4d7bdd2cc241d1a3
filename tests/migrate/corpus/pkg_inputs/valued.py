"""An op checking its input holds probabilities, and one whose mode attribute (declared with
no default: older programs lack it) falls back on a mode of its own."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class OddsMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "probabilities in [0, 1)")
        self.add_output("Out", "the odds p / (1 - p)")


class OddsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InOddsKernel(OpKernel):
    def compute(self, ctx):
        p = ctx.input("X")
        if bool(((p.data < 0) | (p.data >= 1)).any()):
            raise ValueError("in_odds: probabilities outside [0, 1)")
        ctx.output("Out").mutable_data(ctx.place, p.dtype)[...] = p.data / (1 - p.data)


register_operator("in_odds", OddsOp, OddsMaker)
register_op_kernel("in_odds", "CPU", InOddsKernel, DataType.FLOAT32, DataType.FLOAT64)


class RampMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("ramp_mode", AttrType.STRING, None, "linear|square (since v2)")


class InRampKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("ramp_mode") if ctx.has_attr("ramp_mode") else "linear"
        if mode not in ("linear", "square"):
            raise ValueError(f"in_ramp: ramp_mode {mode!r}?")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data if mode == "linear" else x.data * x.data


register_operator("in_ramp", OddsOp, RampMaker)
register_op_kernel("in_ramp", "CPU", InRampKernel, DataType.FLOAT32, DataType.FLOAT64)
