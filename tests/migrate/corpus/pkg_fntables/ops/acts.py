"""Activations picked by the `mode` attribute from a class-level table."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from ..common import ModeMaker, ModeOp


def _relu(xp, x):
    return xp.maximum(x, 0)


def _leaky_relu(xp, x):
    return xp.where(x > 0, x, 0.1 * x)


class ModeActKernel(OpKernel):
    MODES = {"relu": _relu, "leaky_relu": _leaky_relu, "relu_v0": _relu}

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        fn = self.MODES.get(mode)
        if fn is None:
            raise ValueError(f"{ctx.op_type}: unknown mode {mode!r}, expected one of "
                             f"{sorted(self.MODES)}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = fn(ctx.xp, x.data)


class IndexedActKernel(OpKernel):
    MODES = {"relu": _relu, "leaky_relu": _leaky_relu}

    def compute(self, ctx):
        x = ctx.input("X")
        mode = ctx.attr("mode")
        if mode not in self.MODES:
            raise ValueError(f"unknown mode {mode!r}")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.MODES[mode](ctx.xp, x.data)


register_operator("mt_mode_act", ModeOp, ModeMaker)
register_operator("mt_indexed_act", ModeOp, ModeMaker)
register_op_kernel("mt_mode_act", "CPU", ModeActKernel, DataType.FLOAT32)
register_op_kernel("mt_indexed_act", "CPU", IndexedActKernel, DataType.FLOAT32)
