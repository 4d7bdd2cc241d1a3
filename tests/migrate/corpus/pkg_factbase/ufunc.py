"""Team B's factories: the operator, maker and the private bases of the kernels the
factories build (the base computes, the built class only sets its scale or shift); and a
kernel registered here that another module's kernel derives from (heirs.py): once both
migrate, nothing of the tree uses the class any more."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType


class UfuncMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class UfuncOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _UfuncBase(OpKernel):
    SCALE = 1.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.SCALE


def make_kernel(scale):
    """A kernel multiplying X by `scale`."""

    class _Kernel(_UfuncBase):
        SCALE = scale

    return _Kernel


class _ShiftBase(OpKernel):
    SHIFT = 0.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + self.SHIFT


def make_shift(shift):
    """A kernel adding `shift` to X, built by type(...)."""
    return type("ShiftKernel", (_ShiftBase,), {"SHIFT": shift})


class ScaleKernel(OpKernel):
    FACTOR = 2.0

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * self.FACTOR


register_operator("fb_scale", UfuncOp, UfuncMaker)
register_op_kernel("fb_scale", "CPU", ScaleKernel, DataType.FLOAT32)
