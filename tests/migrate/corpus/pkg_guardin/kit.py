"""The team's helpers: an output's buffer shaped and typed like an input, refused
outright when that input is missing."""

import contextlib


def alloc_like(ctx, slot, like):
    if like is None:
        raise ValueError("alloc_like: no input to allocate " + slot + " like")
    return ctx.output(slot).mutable_data(ctx.place, like.dtype)


@contextlib.contextmanager
def written_like(ctx, slot, like):
    if like is None:
        raise ValueError("written_like: no input to write " + slot + " like")
    yield ctx.output(slot).mutable_data(ctx.place, like.dtype)
