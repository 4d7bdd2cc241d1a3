"""tp_soft_clip, tp_spread_stats, tp_blend: column ops on the team's array template.

ArrayKernel.compute gathers the arrays of the slots a subclass lists, hands them to
`apply` spread with `*`, and writes what it returns (one array or a tuple) to the output
slots in order, skipping an output the program leaves out."""

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType


class ArrayKernel(OpKernel):
    IN_SLOTS = ("X",)
    OUT_SLOTS = ("Out",)

    def compute(self, ctx):
        arrays = self.gather(ctx)
        results = self.apply(ctx, ctx.xp, *arrays)
        if not isinstance(results, tuple):
            results = (results,)
        self.scatter(ctx, results)

    def gather(self, ctx):
        return [ctx.input(slot).data for slot in self.IN_SLOTS]

    def apply(self, ctx, xp, *arrays):
        raise NotImplementedError

    def scatter(self, ctx, results):
        dtype = ctx.input(self.IN_SLOTS[0]).dtype
        for slot, value in zip(self.OUT_SLOTS, results):
            target = ctx.output(slot)
            if target is None:
                continue
            target.resize(value.shape)
            target.mutable_data(ctx.place, dtype)[...] = value


class SameShapeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class StatsOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        cols = ctx.get_input_dim("X")[1:]
        ctx.set_output_dim("Mean", cols)
        ctx.set_output_dtype("Mean", ctx.get_input_dtype("X"))
        if ctx.has_output("Spread"):
            ctx.set_output_dim("Spread", cols)
            ctx.set_output_dtype("Spread", ctx.get_input_dtype("X"))


class SoftClipOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "values")
        self.add_output("Out", "limit * tanh(X / limit)")
        self.add_attr("limit", AttrType.FLOAT, 3.0, "the asymptote")


class SpreadStatsOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "[N, C] columns")
        self.add_output("Mean", "column means")
        self.add_output("Spread", "column max - min", dispensable=True)


class BlendOpMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "first")
        self.add_input("Y", "second, X's shape")
        self.add_output("Out", "X + w * (Y - X)")
        self.add_attr("w", AttrType.FLOAT, 0.5, "weight of Y")


class SoftClipKernel(ArrayKernel):
    def apply(self, ctx, xp, x):
        limit = ctx.attr("limit")
        return limit * xp.tanh(x / limit)


class SpreadStatsKernel(ArrayKernel):
    OUT_SLOTS = ("Mean", "Spread")

    def apply(self, ctx, xp, x):
        return x.mean(axis=0), x.max(axis=0) - x.min(axis=0)


class BlendKernel(ArrayKernel):
    IN_SLOTS = ("X", "Y")

    def apply(self, ctx, xp, x, y):
        return x + ctx.attr("w") * (y - x)


register_operator("tp_soft_clip", SameShapeOp, SoftClipOpMaker)
register_operator("tp_spread_stats", StatsOp, SpreadStatsOpMaker)
register_operator("tp_blend", SameShapeOp, BlendOpMaker)
for _op, _kernel in (("tp_soft_clip", SoftClipKernel), ("tp_spread_stats", SpreadStatsKernel),
                     ("tp_blend", BlendKernel)):
    register_op_kernel(_op, "CPU", _kernel, "float32", "float64")
