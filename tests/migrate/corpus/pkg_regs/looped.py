"""Team R: operators and kernels registered in loops over literal tables, GPU kernels only
for real dtypes (a constant `if` in the loop), op names spelled as f-strings, and two
kernel classes the loop finds by name at run time."""

import sys

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel

from .common import INTS, REAL, register_all


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def _fill(ctx, value):
    """Reads its output through a method looked up by name: ctx is passed on, not read."""
    x = ctx.input("X")
    method = "output"
    getattr(ctx, method)("Out").mutable_data(ctx.place, x.dtype)[...] = value


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class CubeKernel(OpKernel):
    """Hands `ctx` to a helper: stays legacy, so the loop is unrolled around it."""

    def compute(self, ctx):
        x = ctx.input("X")
        _fill(ctx, x.data * x.data * x.data)


class Abs2Kernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class SinhKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sinh(x.data)


class CoshKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.cosh(x.data)


_TABLE = [
    ("regs_square", SquareKernel, REAL + INTS),
    ("regs_cube", CubeKernel, REAL + INTS),
]

for _op, _kernel, _dtypes in _TABLE:
    register_operator(_op, SameOp, UnaryMaker)
    for _dt in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dt)
        if _dt in REAL:
            register_op_kernel(_op, "GPU", _kernel, _dt)

for _name, _kernel in (("abs2", Abs2Kernel),):
    register_operator(f"regs_{_name}", SameOp, UnaryMaker)
    register_all(f"regs_{_name}", _kernel, REAL)

for _name in ("sinh", "cosh"):
    register_operator(f"regs_{_name}", SameOp, UnaryMaker)
    register_all(f"regs_{_name}", getattr(sys.modules[__name__], f"{_name.title()}Kernel"),
                 REAL)
