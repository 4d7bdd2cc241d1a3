"""Output context managers the codemod cannot prove equivalent once inlined (the twins)."""

from __future__ import annotations

from contextlib import contextmanager

_SEEN = []
_CALLS = []


@contextmanager
def produce_closed(ctx, slot, like):
    """The LoD set in a `finally`: it runs even when the block raises."""
    tensor = ctx.output(slot)
    try:
        yield tensor.mutable_data(ctx.place, like.dtype)
    finally:
        tensor.lod = like.lod


@contextmanager
def produce_twice(ctx, slot, like):
    """Two yields: a generator `with` refuses (it yields once)."""
    tensor = ctx.output(slot)
    yield tensor.mutable_data(ctx.place, like.dtype)
    yield None


@contextmanager
def produce_noted(ctx, slot, like):
    """Keeps the context it is given."""
    _SEEN.append(ctx)
    yield ctx.output(slot).mutable_data(ctx.place, like.dtype)


@contextmanager
def produce_counted(ctx, slot, like):
    """Counts its calls in a list of its module."""
    _CALLS.append(slot)
    yield ctx.output(slot).mutable_data(ctx.place, like.dtype)


@contextmanager
def produce(ctx, slot, like):
    tensor = ctx.output(slot)
    yield tensor.mutable_data(ctx.place, like.dtype)
    tensor.lod = like.lod
