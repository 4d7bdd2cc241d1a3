"""tp_rms, tp_log_power: frame energies. RmsKernel keeps its log floor on the instance;
the log-power maker's description of `amin` happens to be the word "floor"."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class FrameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        dims = ctx.get_input_dim("X")
        ctx.set_output_dim("Out", dims[:-1])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class RmsOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "frames [..., T]")
        self.add_output("Out", "rms per frame")
        self.add_attr("to_db", AttrType.BOOLEAN, False, "in decibels")


class RmsKernel(OpKernel, object):  # noqa: UP004
    def __init__(self):
        super(RmsKernel, self).__init__()  # noqa: UP008
        self.floor = 1e-10

    def compute(self, ctx):
        x = ctx.input("X")
        rms = ctx.xp.sqrt(ctx.xp.mean(x.data * x.data, axis=-1))
        if ctx.attr("to_db"):
            rms = 20.0 * ctx.xp.log10(rms + self.floor)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = rms


class LogPowerOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "frames [..., T]")
        self.add_output("Out", "log of the mean power per frame")
        self.add_attr("amin", AttrType.FLOAT, 1e-10, "floor")


class LogPowerKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        power = ctx.xp.mean(x.data * x.data, axis=-1)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.log(ctx.xp.maximum(power, ctx.attr("amin")))


register_operator("tp_rms", FrameOp, RmsOpMaker)
register_operator("tp_log_power", FrameOp, LogPowerOpMaker)
register_op_kernel("tp_rms", "CPU", RmsKernel, "float32", "float64")
register_op_kernel("tp_log_power", "CPU", LogPowerKernel, "float32", "float64")
