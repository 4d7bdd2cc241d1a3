"""Kernels reading a class-level dict of literals."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .base import RangeMaker, SameShapeOp


class ExponentKernel(OpKernel):
    """The float's exponent bits, read through the unsigned type of its width."""

    _WORDS = {2: "uint16", 4: "uint32", 8: "uint64"}
    _SHIFTS = [10, 23, 52]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        size = x.data.itemsize
        bits = x.data.view(self._WORDS[size])
        shift = self._SHIFTS[(size // 4) if size > 2 else 0]
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = (bits >> shift).astype(x.data.dtype)


class TallyKernel(OpKernel):
    """A method stores into its class-level dict: it is a cache, not a constant."""

    _SEEN = {4: "uint32", 8: "uint64"}

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        self.remember(x.data.itemsize)
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = x.data.view(self._SEEN[x.data.itemsize]) & 1

    def remember(self, size):
        self._SEEN.setdefault(size, f"uint{size * 8}")


def _pick(table, size):
    return table[size]


class WidthKernel(OpKernel):
    """Hands its class-level list to a function, which could change it."""

    _BYTES = ["uint8", "uint16", "uint32", "uint64"]

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        word = _pick(self._BYTES, x.data.itemsize.bit_length() - 1)
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = x.data.view(word) % 7


for _op, _kernel in (("rg_exponent", ExponentKernel), ("rg_tally", TallyKernel),
                     ("rg_width", WidthKernel)):
    register_operator(_op, SameShapeOp, RangeMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)


class OffsetKernel(OpKernel):
    """Its class-level dict is changed by another module of the package (`tune.py`)."""

    _STEPS = {4: 1.0, 8: 2.0}

    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        data = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        data[...] = x.data + self._STEPS[x.data.itemsize]


register_operator("rg_offset", SameShapeOp, RangeMaker)
register_op_kernel("rg_offset", "CPU", OffsetKernel, DataType.FLOAT32, DataType.FLOAT64)
