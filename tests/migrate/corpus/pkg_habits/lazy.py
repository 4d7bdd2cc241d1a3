"""A kernel filling a lookup table on its first run and keeping it on the instance: the
table is state the PHI function would not have, so the kernel stays legacy."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .common import PlainMaker, SameOp


class ParityKernel(OpKernel):
    """Out = 1.0 where round(X) is odd, else 0.0 (a two-entry table built once)."""

    def __init__(self):
        self._table = None

    def _lookup(self, xp):
        if self._table is None:
            self._table = xp.asarray([0.0, 1.0], dtype=xp.float32)
        return self._table

    def compute(self, ctx):
        x = ctx.input("X")
        xp = ctx.xp
        table = self._lookup(xp)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = table[xp.abs(xp.rint(x.data)).astype(xp.int64) % 2]


register_operator("hb_parity", SameOp, PlainMaker)
register_op_kernel("hb_parity", "CPU", ParityKernel, DataType.FLOAT32)
