"""Negative twin: the loop variable is also bound before the loop, so the `del` has
something to delete once the loop is gone: it stays (the kernel migrates)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .dtypes import FLOATS, PlainMaker, PlainOp


class TdCubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


_k = None
register_operator("td_cube", PlainOp, PlainMaker)
for _k in (TdCubeKernel,):
    register_op_kernel("td_cube", "CPU", _k, *FLOATS)
del _k
