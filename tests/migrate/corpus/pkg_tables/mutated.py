"""Registration loops the codemod cannot read: over a table the module changes after
building it, and with the op name computed by a call."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from phi.common import DataType

from .shared import UfuncMaker, UfuncOp


class ExpKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.exp(x.data)


class TanhKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.tanh(x.data)


class SinKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = ctx.xp.sin(x.data)


def _op_name(name):
    return "tm_" + name


_KERNELS = {"exp": ExpKernel}
_KERNELS["tanh"] = TanhKernel
for _fn, _cls in _KERNELS.items():
    register_operator(f"tm_{_fn}", UfuncOp, UfuncMaker)
    register_op_kernel(f"tm_{_fn}", "CPU", _cls, DataType.FLOAT32)

for _fn, _cls in (("sin", SinKernel),):
    _op = _op_name(_fn)
    register_operator(_op, UfuncOp, UfuncMaker)
    register_op_kernel(_op, "CPU", _cls, DataType.FLOAT32)
