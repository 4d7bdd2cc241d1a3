"""Team A: activation kernels as adapters over plain array functions (`impl =
staticmethod(fns.softplus)` on an adapter base whose compute calls `self.impl(ctx.xp,
x.data, **kwargs)`), registered from a table of entries."""

from . import acts

__all__ = ["acts"]
