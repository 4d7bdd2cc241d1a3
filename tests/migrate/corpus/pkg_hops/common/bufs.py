"""Buffers and attribute reads the kernels share, each taking the ExecutionContext."""


def make_out(ctx, slot: str = "Out", like: str = "X", dtype=None):
    out = ctx.output(slot)
    if dtype is None:
        dtype = ctx.input(like).dtype
    return out.mutable_data(ctx.place, dtype)


def attr_tuple(ctx, *keys):
    return tuple(ctx.attr(k) for k in keys)


def widest(ctx, *arrays):
    """The largest magnitude among the arrays given, and at least the op's `hi`."""
    bound = ctx.attr("hi")
    return max([bound, *(float(abs(a).max()) for a in arrays if a.size)])
