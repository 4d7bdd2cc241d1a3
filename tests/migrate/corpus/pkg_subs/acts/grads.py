"""Grad ops whose makers extend the forward's maker (three spellings of the call)."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from pkg_subs.acts.basic import CeluMaker, HiddenMaker


class CeluGradMaker(CeluMaker):
    def make(self):
        super().make()
        self.add_input("Out@GRAD", "gradient of Out", dispensable=True)
        self.add_output("X@GRAD", "gradient of X")


class CeluGrad2Maker(CeluMaker):
    def make(self):
        super(CeluGrad2Maker, self).make()  # noqa: UP008 (the spelling under test)
        self.add_input("Out@GRAD", "gradient of Out")


class CeluGrad3Maker(CeluMaker):
    def make(self):
        CeluMaker.make(self)
        self.add_output("X@GRAD", "gradient of X", dispensable=True)


class HiddenGradMaker(HiddenMaker):
    def make(self):
        super().make()
        self.add_input("Out@GRAD", "gradient of Out")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class CeluKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        alpha = ctx.attr("alpha")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = np.where(
            x.data > 0, x.data, alpha * np.expm1(x.data / alpha))


class HiddenKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


register_operator("s_celu_a", SameShapeOp, CeluGradMaker)
register_operator("s_celu_b", SameShapeOp, CeluGrad2Maker)
register_operator("s_celu_c", SameShapeOp, CeluGrad3Maker)
register_operator("s_hidden", SameShapeOp, HiddenGradMaker)
register_op_kernel("s_celu_a", "CPU", CeluKernel, DataType.FLOAT32)
register_op_kernel("s_hidden", "CPU", HiddenKernel, DataType.FLOAT32)
