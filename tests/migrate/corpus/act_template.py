"""Team A: activations through a template-method base class.

The base `_ActKernel.compute` does the plumbing; each subclass supplies `_fn`.
Operators and kernels are registered together in one loop.
"""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType


class ActMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("gain", AttrType.FLOAT, 1.0, "multiplies the result")


class ActOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _ActKernel(OpKernel):
    def _fn(self, xp, v):
        raise NotImplementedError

    def _apply(self, xp, v, gain):
        return self._fn(xp, v) * gain

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out")
        res = self._apply(ctx.xp, x.data, ctx.attr("gain"))
        out.mutable_data(ctx.place, x.dtype)[...] = res


class TeamExpKernel(_ActKernel):
    def _fn(self, xp, v):
        return xp.exp(v)


class TeamTanhKernel(_ActKernel):
    def _fn(self, xp, v):
        return xp.tanh(v)


class TeamCountKernel(OpKernel):
    """Counts its calls in a class-level list (state shared by every instance)."""

    _seen = []

    def compute(self, ctx):
        x = ctx.input("X")
        self._seen.append(1)
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data * len(self._seen)


for _op, _kernel in (("team_exp", TeamExpKernel), ("team_tanh", TeamTanhKernel),
                     ("team_count", TeamCountKernel)):
    register_operator(_op, ActOp, ActMaker)
    register_op_kernel(_op, "CPU", _kernel, DataType.FLOAT32, DataType.FLOAT64)
