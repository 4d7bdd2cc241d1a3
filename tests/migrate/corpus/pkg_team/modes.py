"""Team P: module constants read through `from . import common as cm`, a string mode
attribute, a read slot whose local is rebound to an array before the slot is read again,
an attribute read only in a branch a class constant rules out, and a seeded random op
(seed 0: a new draw each run)."""

import numpy as np

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


class _Shift(OpKernel):
    WITH_SCALE = False

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        if self.WITH_SCALE:
            out[...] = x.data * ctx.attr("scale") + 1
        else:
            out[...] = x.data + 1


class ShiftKernel(_Shift):
    pass


class NoiseMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "input plus noise")
        self.add_attr("seed", AttrType.INT, 0, "0: a new draw each run")


class NoiseKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        seed = ctx.attr("seed")
        rng = np.random.default_rng(seed if seed != 0 else None)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data + rng.standard_normal(x.data.shape).astype(x.data.dtype)


register_operator("team_pkg_step", ModeOp, ModeMaker)
register_op_kernel("team_pkg_step", "CPU", StepKernel, *cm.FLOAT_TYPES)
register_operator("team_pkg_array", ModeOp, ModeMaker)
register_op_kernel("team_pkg_array", "CPU", ArrayKernel, *cm.FLOAT_TYPES)
register_operator("team_pkg_shift", ModeOp, ModeMaker)
register_op_kernel("team_pkg_shift", "CPU", ShiftKernel, *cm.FLOAT_TYPES)
register_operator("team_pkg_noise", ModeOp, NoiseMaker)
register_op_kernel("team_pkg_noise", "CPU", NoiseKernel, *cm.FLOAT_TYPES)
