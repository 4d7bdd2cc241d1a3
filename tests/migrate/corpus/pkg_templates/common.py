"""What the team's op modules share."""

__all__ = ["AttrView", "in_data", "set_out"]

_MISSING = object()


def in_data(ctx, slot):
    """The array of input `slot`, None when the program does not feed it."""
    t = ctx.input(slot)
    if t is None or not t.initialized():
        return None
    return t.data


def set_out(ctx, slot, value, dtype):
    """Resize output `slot` to `value`'s shape and copy it in."""
    t = ctx.output(slot)
    t.resize(tuple(value.shape))
    t.mutable_data(ctx.place, dtype)[...] = value


class AttrView(object):  # noqa: UP004 (the team's py2-era style)
    """`view.radius`: the op's attribute, else the keyword default given here."""

    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = defaults

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        ctx = self.__dict__["_ctx"]
        if ctx.has_attr(name):
            return ctx.attr(name)
        value = self.__dict__["_defaults"].get(name, _MISSING)
        if value is _MISSING:
            raise AttributeError("op '%s' has no attribute '%s'" % (ctx.op_type, name))  # noqa: UP031
        return value
