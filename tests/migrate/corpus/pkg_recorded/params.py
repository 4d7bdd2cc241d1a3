"""Parameter objects built from the execution context."""

import typing


class AttrView:
    """`AttrView(ctx, lo=-1.0).lo`: the attribute, else the keyword default."""

    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = defaults

    def __getattr__(self, name):
        ctx = self.__dict__["_ctx"]
        if ctx.has_attr(name):
            return ctx.attr(name)
        defaults = self.__dict__["_defaults"]
        if name in defaults:
            return defaults[name]
        raise AttributeError(name)


class NormParams(typing.NamedTuple):
    epsilon: float
    scale: float = 1.0

    @classmethod
    def from_ctx(cls, ctx):
        return cls(epsilon=float(ctx.attr("epsilon")), scale=float(ctx.attr("scale")))
