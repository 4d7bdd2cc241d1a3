"""A book whose accessor leaves out rows: which keys it registers is not the booking."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from ..book import HOST
from ..shapes import SameShape, UnaryMaker


class FilteredBook:
    def __init__(self):
        self._rows = []

    def add_kernel(self, op, kernel, placement):
        self._rows.append((op, kernel, placement))

    def rows(self):
        return [row for row in self._rows if not row[0].startswith("lb_hidden")]


FILTERED = FilteredBook()


class FilteredBase(OpKernel):
    def __init_subclass__(cls, op=None, placement=HOST, **kw):
        super().__init_subclass__(**kw)
        if op is not None:
            FILTERED.add_kernel(op, cls, placement)


class HalfKernel(FilteredBase, op="lb_half"):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data / 2


register_operator("lb_half", SameShape, UnaryMaker)


def publish_filtered():
    for op, kernel, placement in FILTERED.rows():
        register_op_kernel(op, "CPU", kernel, *placement.dtypes)
