"""Ops needing inputs shaped to each other: a matrix product's operands, a rank-3 signal,
a value per sequence of a LoD input, a slope of one element shared by every element (a
leaky relu whose slope is an input, as fluid's prelu in mode 'all'), a loss with one
prediction column per quantile level its attribute lists beside a target per row."""

import numpy as np

from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType

REAL = (DataType.FLOAT32, DataType.FLOAT64)


class ProductMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "[N, K]")
        self.add_input("W", "[K, M]")
        self.add_output("Out", "[N, M]")


class ProductOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        xd, wd = ctx.get_input_dim("X"), ctx.get_input_dim("W")
        if len(xd) != 2 or len(wd) != 2 or xd[1] != wd[0]:
            raise ValueError(f"in_product: X{list(xd)} W{list(wd)}")
        ctx.set_output_dim("Out", (xd[0], wd[1]))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InProductKernel(OpKernel):
    def compute(self, ctx):
        x, w = ctx.input("X"), ctx.input("W")
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = ctx.xp.matmul(x.data, w.data)


class SignalMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "[N, C, L]")
        self.add_output("Out", "[N, C]")


class SignalOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        n, c, _ = ctx.get_input_dim("X")
        ctx.set_output_dim("Out", (n, c))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InSignalPeakKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        length = x.dims[2]
        out = ctx.output("Out").mutable_data(ctx.place, x.dtype)
        out[...] = x.data.max(axis=2) - x.data.sum(axis=2) / length


class PerSequenceMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "LoD tensor [N, D]")
        self.add_input("Scales", "one per sequence")
        self.add_output("Out", "X, each sequence scaled")


class PerSequenceOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("X", "Out")
        ctx.share_lod("X", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InSequenceScaleKernel(OpKernel):
    def compute(self, ctx):
        x = ctx.input("X")
        scales = ctx.input("Scales").numpy().reshape(-1)
        if not x.lod:
            raise ValueError("in_sequence_scale: X has no LoD")
        offsets = x.lod[-1]
        if len(scales) != len(offsets) - 1:
            raise ValueError(f"in_sequence_scale: {len(scales)} scales for "
                             f"{len(offsets) - 1} sequences")
        factor = np.repeat(scales, np.diff(offsets)).astype(x.data.dtype)
        out = ctx.output("Out")
        out.mutable_data(ctx.place, x.dtype)[...] = x.data * factor.reshape(-1, 1)
        out.lod = x.lod


class SharedSlopeMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("X", "input")
        self.add_input("Slope", "one element: the slope of every negative element")
        self.add_output("Out", "X where positive, else Slope * X")


class SharedSlopeOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        count = 1
        for d in ctx.get_input_dim("Slope"):
            count *= d
        assert count == 1, "in_shared_slope: Slope must hold one element"
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class InSharedSlopeKernel(OpKernel):
    def compute(self, ctx):
        x, slope = ctx.input("X").data, ctx.input("Slope").data.reshape(-1)[0]
        out = ctx.output("Out").mutable_data(ctx.place, ctx.input("X").dtype)
        out[...] = ctx.xp.where(x > 0, x, slope * x)


register_operator("in_product", ProductOp, ProductMaker)
register_operator("in_shared_slope", SharedSlopeOp, SharedSlopeMaker)
register_operator("in_signal_peak", SignalOp, SignalMaker)
register_operator("in_sequence_scale", PerSequenceOp, PerSequenceMaker)
for _t in REAL:
    register_op_kernel("in_product", "CPU", InProductKernel, _t)
    register_op_kernel("in_shared_slope", "CPU", InSharedSlopeKernel, _t)
    register_op_kernel("in_signal_peak", "CPU", InSignalPeakKernel, _t)
    register_op_kernel("in_sequence_scale", "CPU", InSequenceScaleKernel, _t)


class QuantileLossMaker(OpProtoAndCheckerMaker):
    def make(self):
        self.add_input("Pred", "[N, Q]: one column per level")
        self.add_input("Target", "[N] or [N, 1]")
        self.add_output("Out", "[N, Q] pinball losses")
        self.add_attr("levels", AttrType.FLOATS, [0.25, 0.5, 0.75], "quantile levels")


class QuantileLossOp(OperatorWithKernel):
    def infer_shape(self, ctx):
        ctx.share_dim("Pred", "Out")
        ctx.set_output_dtype("Out", ctx.get_input_dtype("Pred"))


class InQuantileLossKernel(OpKernel):
    def compute(self, ctx):
        pred, target = ctx.input("Pred"), ctx.input("Target")
        levels = ctx.attr("levels")
        if pred.dims[-1] != len(levels):
            raise ValueError("in_quantile_loss: one Pred column per level")
        q = np.asarray(levels, dtype=pred.data.dtype)
        err = target.data.reshape(-1, 1) - pred.data
        out = ctx.output("Out").mutable_data(ctx.place, pred.dtype)
        out[...] = np.maximum(q * err, (q - 1) * err)


register_operator("in_quantile_loss", QuantileLossOp, QuantileLossMaker)
register_op_kernel("in_quantile_loss", "CPU", InQuantileLossKernel, *REAL)
