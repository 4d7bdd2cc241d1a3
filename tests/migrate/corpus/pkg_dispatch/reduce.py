"""A reduction choosing its method by `getattr(self, "_reduce_" + mode)`, its attributes
read through a view with defaults."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_registry import register_operator

from .base import REAL, ModeMaker, Named, ScalarOp


class AttrView(object):  # noqa: UP004 - an old habit
    """`view.NAME` is ctx.attr(NAME), or the default given when the op lacks it."""

    def __init__(self, ctx, **defaults):
        self.__dict__["_ctx"] = ctx
        self.__dict__["_defaults"] = defaults

    def __getattr__(self, name):
        ctx = self.__dict__["_ctx"]
        if ctx.has_attr(name):
            return ctx.attr(name)
        defaults = self.__dict__["_defaults"]
        if name in defaults:
            return defaults[name]
        raise AttributeError(name)


class DsReduceKernel(Named):
    OP = "ds_reduce"

    def compute(self, ctx):
        a = AttrView(ctx, mode="sum", dims=[])
        x = ctx.input("X")
        axes = tuple(a.dims) or None
        handler = getattr(self, "_reduce_" + a.mode)
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = handler(ctx.xp, x.data, axes)

    def _reduce_sum(self, xp, x, axes):
        return xp.sum(x, axis=axes)

    def _reduce_max(self, xp, x, axes):
        return xp.max(x, axis=axes)


def describe(kernel, mode):
    """What a mode's method is called (a computed read of another prefix)."""
    return getattr(kernel, "_reduce_" + mode).__name__


register_operator("ds_reduce", ScalarOp, ModeMaker)
register_op_kernel("ds_reduce", "CPU", DsReduceKernel, *REAL)
