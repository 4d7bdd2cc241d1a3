"""Team K: `CenterKernel` holds a `MeanKernel` (`self._mean = MeanKernel()` in `__init__`)
and calls its `reduce`, a plain method reading only class constants and another method;
`SpreadKernel` holds one as a class attribute. `TaggedCenterKernel` holds
one whose `__init__` only stores a literal (`self.label = "mean"`) its `reduce` never reads.
Negative twins: a held kernel whose `reduce` bumps a counter its `__init__` starts
(`CountingKernel`), and one whose `reduce` appends to a class-level list
(`LoggedMeanKernel`)."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class WeightMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_output("Out", "output")
        self.add_attr("w", AttrType.FLOAT, 0.5, "weight")


class WeightOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class _MeanBase(OpKernel):
    AXES = (1,)

    def scale(self, a):
        return a * self.GAIN


class MeanKernel(_MeanBase):
    GAIN = 2.0

    def reduce(self, xp, a, axes, keep):
        return self.scale(xp.mean(a, axis=axes, keepdims=keep))

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.reduce(ctx.xp, x.data, self.AXES, True) * ctx.attr("w")


class CenterKernel(OpKernel):
    def __init__(self):
        self._mean = MeanKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data - self._mean.reduce(ctx.xp, x.data, (1,), True) * ctx.attr("w")


class SpreadKernel(OpKernel):
    _mean = MeanKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        centered = x.data - self._mean.reduce(ctx.xp, x.data, (0, 1), True)
        out[...] = self._mean.scale(centered) * ctx.attr("w")


class CountingKernel(OpKernel):
    def __init__(self):
        self.calls = 0

    def reduce(self, xp, a):
        self.calls += 1
        return xp.mean(a) + self.calls

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.reduce(ctx.xp, x.data)


class CountedCenterKernel(OpKernel):
    def __init__(self):
        self._mean = CountingKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data - self._mean.reduce(ctx.xp, x.data) * ctx.attr("w")


class LoggedMeanKernel(OpKernel):
    HISTORY = []

    def reduce(self, xp, a):
        self.HISTORY.append(a.shape)
        return xp.mean(a) * len(self.HISTORY)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.reduce(ctx.xp, x.data)


class LoggedCenterKernel(OpKernel):
    def __init__(self):
        self._mean = LoggedMeanKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data - self._mean.reduce(ctx.xp, x.data) * ctx.attr("w")


class TaggedMeanKernel(OpKernel):
    def __init__(self):
        super().__init__()
        self.label = "mean"

    def reduce(self, xp, a):
        return xp.mean(a)

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = self.reduce(ctx.xp, x.data)


class TaggedCenterKernel(OpKernel):
    def __init__(self):
        self._mean = TaggedMeanKernel()

    def compute(self, ctx):
        x = ctx.input("X")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data - self._mean.reduce(ctx.xp, x.data) * ctx.attr("w")


register_operator("hk_mean", WeightOp, WeightMaker)
register_operator("hk_center", WeightOp, WeightMaker)
register_operator("hk_spread", WeightOp, WeightMaker)
register_operator("hk_counting", WeightOp, WeightMaker)
register_operator("hk_counted_center", WeightOp, WeightMaker)
register_operator("hk_logged_mean", WeightOp, WeightMaker)
register_operator("hk_logged_center", WeightOp, WeightMaker)
register_operator("hk_tagged_mean", WeightOp, WeightMaker)
register_operator("hk_tagged_center", WeightOp, WeightMaker)
for _dt in FLOATS:
    register_op_kernel("hk_mean", "CPU", MeanKernel, _dt)
    register_op_kernel("hk_center", "CPU", CenterKernel, _dt)
    register_op_kernel("hk_spread", "CPU", SpreadKernel, _dt)
    register_op_kernel("hk_counting", "CPU", CountingKernel, _dt)
    register_op_kernel("hk_counted_center", "CPU", CountedCenterKernel, _dt)
    register_op_kernel("hk_logged_mean", "CPU", LoggedMeanKernel, _dt)
    register_op_kernel("hk_logged_center", "CPU", LoggedCenterKernel, _dt)
    register_op_kernel("hk_tagged_mean", "CPU", TaggedMeanKernel, _dt)
    register_op_kernel("hk_tagged_center", "CPU", TaggedCenterKernel, _dt)
