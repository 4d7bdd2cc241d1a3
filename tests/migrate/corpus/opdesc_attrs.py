"""Team Q: kernels asking the op desc whether it has an attribute (`ctx.has_attr`).

Written for descs of older programs: each kernel falls back to a value of its own when the
desc lacks the attribute. An attribute the maker declares with a default is in every desc
fluidphi builds (`create_op` fills it), so those tests are always true; one declared with
no default may be missing.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class ShiftMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("shift", AttrType.FLOAT, 0.25, "added")
        self.add_attr("flip", AttrType.BOOLEAN, False, "negate first")


class LooseMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("shift", AttrType.FLOAT, None, "added; no default")


class ShiftOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _DescAttrs:
    def shift_attrs(self, ctx):
        flip = ctx.attr("flip") if ctx.has_attr("flip") else False
        if not ctx.has_attr("shift"):
            return 0.0, flip
        return ctx.attr("shift"), flip


class InlineShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift") if ctx.has_attr("shift") else 1.0
        if ctx.has_attr("flip") and ctx.attr("flip"):
            shift = -shift
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + shift


class HelperShiftKernel(_DescAttrs, OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift, flip = self.shift_attrs(ctx)
        data = -x.data if flip else x.data
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = data + shift


class LooseShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        shift = ctx.attr("shift") if ctx.has_attr("shift") else 1.0
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + shift


register_operator("team_inline_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_inline_shift", "CPU", InlineShiftKernel, DataType.FLOAT32)
register_operator("team_helper_shift", ShiftOp, ShiftMaker)
register_op_kernel("team_helper_shift", "CPU", HelperShiftKernel, DataType.FLOAT32)
register_operator("team_loose_shift", ShiftOp, LooseMaker)
register_op_kernel("team_loose_shift", "CPU", LooseShiftKernel, DataType.FLOAT32)
