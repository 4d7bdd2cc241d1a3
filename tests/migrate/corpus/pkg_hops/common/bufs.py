"""Buffers and attribute reads the kernels share, each taking the ExecutionContext."""


def make_out(ctx, slot: str = "Out", like: str = "X", dtype=None):
    out = ctx.output(slot)
    if dtype is None:
        dtype = ctx.input(like).dtype
    return out.mutable_data(ctx.place, dtype)


def attr_tuple(ctx, *keys):
    return tuple(ctx.attr(k) for k in keys)
