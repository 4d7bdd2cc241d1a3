"""Team R: operators and their kernels registered in one call of a package helper
(`register_op_and_kernels`), plainly and in a loop over a literal table, and through a
helper that also does something else (`register_logged`: the call and the class stay)."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel

from .common import REAL, register_logged, register_op_and_kernels


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FiveKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * 5


class ShiftKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data - 5


class LoggedKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + 7


register_op_and_kernels("regs_five", SameOp, UnaryMaker, FiveKernel, REAL, backends=("CPU",))

for _name, _kernel in (("shift", ShiftKernel),):
    register_op_and_kernels(f"regs_{_name}", SameOp, UnaryMaker, _kernel, REAL)

register_logged("regs_logged", SameOp, UnaryMaker, LoggedKernel, REAL)
