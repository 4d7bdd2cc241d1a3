"""Team R: kernel classes a registration finds in the module's own namespace by a computed
name (`globals()[...]` in a loop, `globals().get(...)`, `vars()[...]`), next to a kernel
registered plainly."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .common import REAL
from .looped import SameOp, UnaryMaker


class ExpKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.exp(x.data)


class TanhKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.tanh(x.data)


class SqrtKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sqrt(ctx.xp.abs(x.data))


class CbrtKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.cbrt(x.data)


class RintKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.rint(x.data)


for _n in ("exp", "tanh"):
    register_operator(f"regs_{_n}", SameOp, UnaryMaker)
    register_op_kernel(f"regs_{_n}", "CPU", globals()[f"{_n.title()}Kernel"], *REAL)

register_operator("regs_sqrt", SameOp, UnaryMaker)
register_op_kernel("regs_sqrt", "CPU", globals().get("SqrtKernel"), *REAL)
register_operator("regs_cbrt", SameOp, UnaryMaker)
register_op_kernel("regs_cbrt", "CPU", vars()["CbrtKernel"], *REAL)
register_operator("regs_rint", SameOp, UnaryMaker)
register_op_kernel("regs_rint", "CPU", RintKernel, *REAL)
