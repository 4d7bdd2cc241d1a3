"""Kernels choosing a function of the module from a class table by an attribute."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from . import ops


def _sq(xp, v):
    return v * v


def _ab(xp, v):
    return xp.abs(v)


def _cube(xp, v):
    return v * v * v


def _neg(xp, v):
    return -v


class PickedPowerKernel(OpKernel):
    _FNS = {"sq": _sq, "ab": _ab, "cube": _cube}

    def compute(self, ctx):
        x = ctx.input("X")
        fn = self._FNS[ctx.attr("kind")]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(ctx.xp, x.data) * ctx.attr("k")


class SwappedPowerKernel(OpKernel):
    _FNS = {"sq": _neg, "ab": _ab}

    def compute(self, ctx):
        x = ctx.input("X")
        fn = self._FNS[ctx.attr("kind")]
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = fn(ctx.xp, x.data)


def use_loud_negation():
    global _neg
    _neg = _cube


register_operator("pl_picked", ops.PlainOp, ops.PlainMaker)
register_op_kernel("pl_picked", "CPU", PickedPowerKernel, DataType.FLOAT32)
register_operator("pl_swapped", ops.PlainOp, ops.PlainMaker)
register_op_kernel("pl_swapped", "CPU", SwappedPowerKernel, DataType.FLOAT32)
