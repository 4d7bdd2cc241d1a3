"""Kernel classes a loop makes from a table and publishes through `globals()`."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, SameShapeOp, UnaryMaker


def make_kernel(name, fn):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(ctx.xp, x.data)

    return type(name, (OpKernel,), {"compute": compute})


UNARY = {
    "cube": lambda xp, x: x * x * x,
    "half": lambda xp, x: x / 2,
}

for _suffix, _fn in UNARY.items():
    _kernel = make_kernel("Ds%sKernel" % _suffix.title(), _fn)  # noqa: UP031
    globals()[_kernel.__name__] = _kernel
    register_operator("ds_" + _suffix, SameShapeOp, UnaryMaker)
    register_op_kernel("ds_" + _suffix, "CPU", _kernel, *REAL)
