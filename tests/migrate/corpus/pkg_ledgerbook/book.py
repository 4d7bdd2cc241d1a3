"""The team's kernel book: `LedgerKernel.__init_subclass__` records each subclass naming an
op with `BOOK.add_kernel(...)`, and `BOOK.publish()` registers each recorded row."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from phi.common import DataType


class Placement:
    def __init__(self, *dtypes, gpu=False):
        self.dtypes = dtypes
        self.gpu = gpu


HOST = Placement(DataType.FLOAT32, DataType.FLOAT64)


class KernelBook:
    """Rows of (op, kernel class, placement), in booking order."""

    def __init__(self):
        self._rows = []

    def add_kernel(self, op, kernel, placement):
        self._rows.append((op, kernel, placement))

    def rows(self):
        return list(self._rows)

    def __iter__(self):
        yield from self._rows

    def __len__(self):
        return len(self._rows)

    def publish(self):
        for op, kernel, placement in self.rows():
            register_op_kernel(op, "CPU", kernel, *placement.dtypes)
            if placement.gpu:
                register_op_kernel(op, "GPU", kernel, *placement.dtypes)


BOOK = KernelBook()


class LedgerKernel(OpKernel):
    def __init_subclass__(cls, op=None, placement=HOST, **kw):
        super().__init_subclass__(**kw)
        cls.op_type = op
        if op is not None:
            BOOK.add_kernel(op, cls, placement)


class ElementwiseKernel(LedgerKernel):
    """A template: subclasses give `apply`."""

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.apply(ctx.xp, x.data)

