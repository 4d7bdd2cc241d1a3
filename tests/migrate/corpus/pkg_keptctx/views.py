"""A read-only attribute view: a plain class whose instances keep a context in their
`__dict__` (no kernel derives from it, so none of that is a kernel's)."""


class AttrView(object):  # noqa: UP004 - an old habit
    def __init__(self, ctx, **defaults):
        self.__dict__["_ctx"] = ctx
        self.__dict__["_defaults"] = defaults

    def __getattr__(self, name):
        ctx = self.__dict__["_ctx"]
        if ctx.has_attr(name):
            return ctx.attr(name)
        return self.__dict__["_defaults"][name]

    def __setattr__(self, name, value):
        raise AttributeError("AttrView is read-only")

    def get(self, name, default=None):
        try:
            return getattr(self, name)
        except (AttributeError, KeyError):
            return default
