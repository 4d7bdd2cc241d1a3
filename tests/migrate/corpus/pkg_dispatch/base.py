"""What the package's kernels share: makers, the operator, named kernels, input checks."""

from legacy_fluid.framework.op_kernel import OpKernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)
OLD_SCALE = "scale_x"


class UnaryMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")


class ModeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("mode", AttrType.STRING, "sum", "what to compute")
        self.add_attr("dims", AttrType.INTS, [], "axes; none: all")


class PairMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_input("Y", "input")
        self.add_output("Out", "output")


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ScalarOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.set_output_dim("Out", [])
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class Named(OpKernel):
    """A kernel whose messages name its op through a property."""

    OP = "ds_?"

    @property
    def op_name(self):
        return self.OP

    def _fail(self, msg):
        raise ValueError("%s: %s" % (self.op_name, msg))  # noqa: UP031


class FnKernel(Named):
    """Out = fn(xp, X); the subclasses set `fn`, read through the `func` property."""

    fn = None

    @property
    def func(self):
        if self.fn is None:
            raise NotImplementedError(type(self).__name__ + " sets no fn")
        return self.fn

    def compute(self, ctx):
        x = ctx.input("X")
        ctx.output("Out").mutable_data(ctx.place, x.dtype)[...] = self.func(ctx.xp, x.data)


class TwoInputs(Named):
    def _inputs(self, ctx):
        x, y = ctx.input("X"), ctx.input("Y")
        if x is None or y is None:
            self._fail("needs both X and Y")
        return x, y


class CheckedShapes(object):  # noqa: UP004 - an old habit
    """A mixin checking what the next class's `_inputs` gives."""

    def _inputs(self, ctx):
        x, y = super()._inputs(ctx)
        if tuple(x.dims) != tuple(y.dims):
            self._fail("X %s and Y %s differ" % (list(x.dims), list(y.dims)))  # noqa: UP031
        return x, y
