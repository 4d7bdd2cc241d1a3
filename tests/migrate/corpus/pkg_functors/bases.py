"""Operators, makers and the two kernel bases of the team: `FunctorTemplate` runs the
functor its subclass puts in `_functor`; `UnaryBase` takes its ufunc and scale as class
keywords (`class ExpKernel(UnaryBase, ufunc=np.exp)`)."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class PlainMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class SameShape(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class FunctorTemplate(OpKernel):
    """Out = functor(X); subclasses choose `_functor`."""

    _functor = None

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self._functor(ctx.xp, x.data)


class UnaryBase(OpKernel):
    """Out = scale * ufunc(X), both given as class keywords."""

    def __init_subclass__(cls, ufunc=None, scale=1.0, **kwargs):
        super().__init_subclass__(**kwargs)
        cls.ufunc = staticmethod(ufunc)
        cls.scale = scale

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.scale * self.ufunc(x.data)
