"""Float kernels for ops `mathops/remainder.py` registers: one plain, one keeping a cache."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel

from .shared import FLOATS


class FloatModKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.mod(x.data, y.data)


class FloatRemKernel(OpKernel):
    def __init__(self):
        self._scratch = None

    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        if self._scratch is None or self._scratch.shape != x.data.shape:
            self._scratch = ctx.xp.empty_like(x.data)
        ctx.xp.fmod(x.data, y.data, out=self._scratch)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self._scratch


class FloatQuotKernel(OpKernel):
    def compute(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data // y.data


register_op_kernel("sp_mod", "CPU", FloatModKernel, *FLOATS)
register_op_kernel("sp_rem", "CPU", FloatRemKernel, *FLOATS)
register_op_kernel("sp_quot", "CPU", FloatQuotKernel, *FLOATS)
