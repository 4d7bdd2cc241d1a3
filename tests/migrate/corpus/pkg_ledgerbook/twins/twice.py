"""The team's book class, bound twice: which book the class statement fills is not one
binding's."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..book import HOST, KernelBook
from ..shapes import SameShape, UnaryMaker

TWICE = KernelBook()
TWICE = KernelBook()


class TwiceBase(OpKernel):
    def __init_subclass__(cls, op=None, placement=HOST, **kw):
        super().__init_subclass__(**kw)
        if op is not None:
            TWICE.add_kernel(op, cls, placement)


class QuarterKernel(TwiceBase, op="lb_quarter"):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 4


register_operator("lb_quarter", SameShape, UnaryMaker)


def publish_twice():
    for op, kernel, placement in TWICE:
        register_op_kernel(op, "CPU", kernel, *placement.dtypes)
