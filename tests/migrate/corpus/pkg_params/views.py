"""Team P: objects our affine kernels read their settings through.

`AttrView` hands out any attribute of the op by name (`a.alpha`); `AffineSettings` reads
what an affine kernel needs once, in its constructor. Older variants still in use:
`TracingView` records every name looked up, `KeepingSettings` keeps the context around
for later reads, `ScaledView` extends `AttrView`. `LegacyView` and `LegacySettings`
come from the py2 days and still spell their base out (`object`).
"""

LOOKED_UP = []


class AttrView:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name)


class AffineSettings:
    def __init__(self, ctx):
        self.x = ctx.input("X")
        self.alpha = ctx.attr("alpha")
        self.beta = ctx.attr("beta") if ctx.has_attr("beta") else 0.0


class TracingView:
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        LOOKED_UP.append(name)
        return self._ctx.attr(name)


class KeepingSettings:
    def __init__(self, ctx):
        self.alpha = ctx.attr("alpha")
        self.ctx = ctx


class ScaledView(AttrView):
    pass


class LegacyView(object):  # noqa: UP004 - the py2 spelling, kept
    def __init__(self, ctx):
        self._ctx = ctx

    def __getattr__(self, name):
        return self._ctx.attr(name)


class LegacySettings(object):  # noqa: UP004
    def __init__(self, ctx):
        self.alpha = ctx.attr("alpha")
        self.beta = ctx.attr("beta")


class DefaultingView:
    """Like AttrView, with keyword defaults for attributes an op may lack."""

    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = defaults

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        if self._ctx.has_attr(name):
            return self._ctx.attr(name)
        if name in self._defaults:
            return self._defaults[name]
        raise AttributeError(f"op has no attribute {name!r} and no default was given")


class TolerantView(object):  # noqa: UP004
    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = dict(defaults)

    def __getattr__(self, name):
        try:
            return self._ctx.attr(name)
        except KeyError:
            return self._defaults.get(name, 0.0)


class TabledView(object):  # noqa: UP004
    """Defaults per op family: subclasses set DEFAULTS, calls may add their own."""

    DEFAULTS = {}

    def __init__(self, ctx, **defaults):
        self._ctx = ctx
        self._defaults = dict(self.DEFAULTS)
        self._defaults.update(defaults)

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        ctx = self.__dict__["_ctx"]  # no recursion into __getattr__
        if ctx.has_attr(name):
            return ctx.attr(name)
        if name in self._defaults:
            return self._defaults[name]
        raise AttributeError(name)


class OffsetView(TabledView):
    DEFAULTS = {"beta": 0.5}

