"""Team R: kernels registered through helpers, the package's and this module's own."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

from .common import INTS, REAL, register_all


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class TwiceKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data + x.data


class HalfKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data // 2


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class AbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


def _cpu_only(op_type, kernel, *dtypes):
    register_op_kernel(op_type, "CPU", kernel, *dtypes)


def _with_operator(op_type, kernel):
    register_operator(op_type, SameOp, UnaryMaker)
    register_op_kernel(op_type, "CPU", kernel, DataType.FLOAT32)


register_operator("regs_twice", SameOp, UnaryMaker)
register_operator("regs_half", SameOp, UnaryMaker)
register_operator("regs_neg", SameOp, UnaryMaker)

register_all("regs_twice", TwiceKernel, REAL)
register_all("regs_half", HalfKernel, REAL + INTS, backends=("CPU",))
_cpu_only("regs_neg", NegKernel, DataType.FLOAT32)
_with_operator("regs_abs", AbsKernel)
