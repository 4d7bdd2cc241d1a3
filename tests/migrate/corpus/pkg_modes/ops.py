"""A kernel using the mixin, whose table nothing changes."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from pkg_modes.checks import AllowedValuesMixin


class ScaleNormMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("mode", AttrType.STRING, "l1", "the norm")
        self.add_attr("scale", AttrType.FLOAT, 1.0, "a factor")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ScaleNormKernel(AllowedValuesMixin, OpKernel):
    MODES = {"mode": ("l1", "l2", "max")}

    def compute(self, ctx):
        self.check_modes(ctx)
        t = ctx.input("X")
        x = t.data
        mode = ctx.attr("mode")
        if mode == "l1":
            total = np.abs(x).sum()
        elif mode == "l2":
            total = np.sqrt((x * x).sum())
        else:
            total = np.abs(x).max()
        out = x / (total + 1.0) * ctx.attr("scale")
        ctx.output("Out").mutable_data(ctx.place, t.dtype)[...] = out


register_operator("md_scale_norm", SameShapeOp, ScaleNormMaker)
register_op_kernel("md_scale_norm", "CPU", ScaleNormKernel, DataType.FLOAT32)
