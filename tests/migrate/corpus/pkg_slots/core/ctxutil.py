def alloc_like(ctx, slot, like):
    out = ctx.output(slot)
    return out.mutable_data(ctx.place, like.dtype)


def attr_or(ctx, name, default):
    value = ctx.attr(name)
    return default if value is None else value


def data_of(ctx, slot):
    return ctx.input(slot).data
