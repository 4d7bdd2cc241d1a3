"""A table other code extends at run time: `register_mode` stores into it."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import ModeMaker, ModeOp


def _relu(xp, x):
    return xp.maximum(x, 0)


class PluginActKernel(OpKernel):
    MODES = {"relu": _relu}

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        fn = self.MODES.get(mode)
        if fn is None:
            raise ValueError(f"unknown mode {mode!r}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = fn(ctx.xp, x.data)


def register_mode(name, fn):
    PluginActKernel.MODES[name] = fn


register_operator("mt_plugin_act", ModeOp, ModeMaker)
register_op_kernel("mt_plugin_act", "CPU", PluginActKernel, DataType.FLOAT32)
