"""Helpers the kernels call with their ExecutionContext."""

from typing import Any


def alloc_like(ctx, out_slot: str, like) -> Any:
    return ctx.output(out_slot).mutable_data(ctx.place, like.dtype)
