"""Ufuncs registered by loops over literal tables the module never changes: a dict's
`.items()` with the op name in a loop local, a dict iterated over its keys and indexed,
a list of pairs one of whose kernels stays legacy (the loop is unrolled)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import REAL, UfuncMaker, UfuncOp


def _traced(fn):
    return fn


class SqrtKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sqrt(ctx.xp.abs(x.data))


class NegKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = -x.data


class SquareKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data


class CubeKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = x.data * x.data * x.data


class AbsKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.abs(x.data)


class SignKernel(OpKernel):
    @_traced
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sign(x.data)


_KERNELS = {"sqrt": SqrtKernel, "negative": NegKernel}
for _fn, _cls in _KERNELS.items():
    _op = f"tt_{_fn}"
    register_operator(_op, UfuncOp, UfuncMaker)
    for _dt in REAL:
        register_op_kernel(_op, "CPU", _cls, _dt)

_POWERS = {"square": SquareKernel, "cube": CubeKernel}
for _name in _POWERS:  # noqa: PLC0206 (a foreign habit: keys, then D[k])
    register_operator("tt_" + _name, UfuncOp, UfuncMaker)
    register_op_kernel("tt_" + _name, "CPU", _POWERS[_name], DataType.FLOAT32)

_PAIRS = [("abs", AbsKernel), ("sign", SignKernel)]
for _pair in _PAIRS:
    _name, _kernel = _pair
    _op = "tt_" + _name
    register_operator(_op, UfuncOp, UfuncMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32)
