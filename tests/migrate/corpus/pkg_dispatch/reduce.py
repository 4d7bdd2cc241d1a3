"""Reductions choosing their method by `getattr(self, "_reduce_" + mode)` (or with a
default, `getattr(self, "_spread_" + mode, None)`, checked), attributes read through a
view with defaults."""

from legacy_fluid.framework.op_kernel import register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType

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


class SpreadMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "how far X spreads")
        self.add_attr("mode", AttrType.STRING, "range", "range or std")


class DsSpreadKernel(Named):
    OP = "ds_spread"

    def compute(self, ctx):
        mode = ctx.attr("mode")
        x = ctx.input("X")
        pick = getattr(self, "_spread_" + mode, None)
        if pick is None:
            self._fail("no spread %r" % mode)  # noqa: UP031
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = pick(ctx.xp, x.data)

    def _spread_range(self, xp, x):
        return xp.max(x) - xp.min(x)

    def _spread_std(self, xp, x):
        return xp.std(x)


def describe(kernel, mode):
    """What a mode's method is called (a computed read of another prefix)."""
    return getattr(kernel, "_reduce_" + mode).__name__


register_operator("ds_reduce", ScalarOp, ModeMaker)
register_op_kernel("ds_reduce", "CPU", DsReduceKernel, *REAL)
register_operator("ds_spread", ScalarOp, SpreadMaker)
register_op_kernel("ds_spread", "CPU", DsSpreadKernel, *REAL)
