"""The house book: kernels name their op as a class keyword; operators are declared with
a signature; `BOOK.publish()` registers everything booked."""

import os

from ._compat import (
    DataType,
    FluidKernel,
    FluidMaker,
    FluidOperator,
    fluid_register_kernel,
    fluid_register_operator,
)


class Placement:
    def __init__(self, *dtypes, gpu=True):
        self.cpu = dtypes
        self.gpu = dtypes if gpu else ()


FLOATS = Placement(DataType.FLOAT32, DataType.FLOAT64)


class Signature:
    def __init__(self, inputs=("X",), outputs=("Out",), attrs=()):
        self.inputs, self.outputs, self.attrs = inputs, outputs, attrs


class SameShape(FluidOperator):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


def maker_for(op, signature):
    def make(self):
        for slot in signature.inputs:
            self.add_input(slot, f"{op} input")
        for slot in signature.outputs:
            self.add_output(slot, f"{op} output")
        for attr, kind, default in signature.attrs:
            self.add_attr(attr, kind, default, f"{op} attribute")
    return type(f"{op.title()}Maker", (FluidMaker,), {"make": make})


class Book(list):
    def __init__(self):
        super().__init__()
        self.operators = []

    def declare(self, op, operator, signature):
        self.operators.append((op, operator, maker_for(op, signature)))

    def publish(self):
        for op, operator, maker in self.operators:
            fluid_register_operator(op, operator, maker)
        gpu = os.environ.get("HOUSE_NO_GPU") is None
        for op, kernel, placement in self:
            fluid_register_kernel(op, "CPU", kernel, *placement.cpu)
            if gpu and placement.gpu:
                fluid_register_kernel(op, "GPU", kernel, *placement.gpu)


BOOK = Book()


class TeamKernel(FluidKernel):
    def __init_subclass__(cls, *, op=None, placement=None, **kw):
        super().__init_subclass__(**kw)
        if op is not None:
            BOOK.append((op, cls, placement or FLOATS))


class FunctorKernel(TeamKernel):
    """A template: subclasses give `functor`."""

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.functor(ctx.xp, x.data)
