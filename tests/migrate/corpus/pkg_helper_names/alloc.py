"""Allocation helpers taking the ExecutionContext; they read names this module imports."""

from typing import Any

from phi.common import DataType


def alloc_out(ctx, slot: str = "Out", widen: bool = False, like: str = "X") -> Any:
    """Output `slot` allocated in input `like`'s dtype, in FLOAT64 when `widen`."""
    dtype = DataType.FLOAT64 if widen else ctx.input(like).dtype
    return ctx.output(slot).mutable_data(ctx.place, dtype)
