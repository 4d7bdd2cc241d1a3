"""data_norm: CTR feature normalisation from accumulated statistics (BatchSize, BatchSum,
BatchSquareSum persistables): (X - Means) * Scales, slots without shows zeroed, optional
scale and shift. Math in phi.kernels.funcs.data_norm."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import data_norm as data_norm_funcs

_STAT_SLOTS = ("BatchSize", "BatchSum", "BatchSquareSum")


def _add_attrs(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_attr("epsilon", AttrType.FLOAT, 9.999999747378752e-05, "training only")
    maker.add_attr("slot_dim", AttrType.INT, -1, "columns per slot; > 0: show check")
    maker.add_attr("summary_decay_rate", AttrType.FLOAT, 0.9999998807907104, "training")
    maker.add_attr("enable_scale_and_shift", AttrType.BOOLEAN, False, "apply scale_w, bias")
    maker.add_attr("data_layout", AttrType.STRING, "NCHW", "NCHW or NHWC (same for 2-D)")
    maker.add_attr("sync_stats", AttrType.BOOLEAN, False, "multi-GPU training only")
    maker.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class DataNormOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("scale_w", "[C] scale (enable_scale_and_shift)", dispensable=True)
        self.add_input("bias", "[C] shift (enable_scale_and_shift)", dispensable=True)
        self.add_input("X", "[N, C] features")
        self.add_input("BatchSize", "[C] accumulated instance counts")
        self.add_input("BatchSum", "[C] accumulated sums")
        self.add_input("BatchSquareSum", "[C] accumulated squared deviations")
        self.add_output("Y", "normalised X")
        # Means and Scales: intermediate in Paddle; fluidphi's VarProto has no such flag
        self.add_output("Means", "[C] BatchSum / BatchSize")
        self.add_output("Scales", "[C] sqrt(BatchSize / BatchSquareSum)")
        _add_attrs(self)


class DataNormOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta."""


class DataNormKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale_w = ctx.input("scale_w")
        bias = ctx.input("bias")
        y, means, scales = ctx.output("Y"), ctx.output("Means"), ctx.output("Scales")
        data_norm_funcs.data_norm(
            ctx.xp, x.data, ctx.input("BatchSize").data, ctx.input("BatchSum").data,
            ctx.input("BatchSquareSum").data, None if scale_w is None else scale_w.data,
            None if bias is None else bias.data, ctx.attr("epsilon"), ctx.attr("slot_dim"),
            ctx.attr("enable_scale_and_shift"), ctx.attr("data_layout"),
            y.mutable_data(ctx.place, x.dtype), means.mutable_data(ctx.place, x.dtype),
            scales.mutable_data(ctx.place, x.dtype))


class DataNormGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's X")
        self.add_input("Y@GRAD", "gradient of Y")
        self.add_input("scale_w", "the forward's scale_w", dispensable=True)
        self.add_input("bias", "the forward's bias", dispensable=True)
        self.add_input("Scales", "the forward's Scales")
        self.add_input("Means", "the forward's Means")
        # Paddle names the accumulators as outputs too (left as they are)
        self.add_output("BatchSize", "the forward's BatchSize (unchanged)", dispensable=True)
        self.add_output("BatchSum", "the forward's BatchSum (unchanged)", dispensable=True)
        self.add_output("BatchSquareSum", "the forward's BatchSquareSum", dispensable=True)
        self.add_output("X@GRAD", "gradient of X", dispensable=True)
        self.add_output("BatchSize@GRAD", "this batch's instance count (per slot: 1)")
        self.add_output("BatchSum@GRAD", "this batch's column sums (per slot: means)")
        self.add_output("BatchSquareSum@GRAD", "squared deviations + count * epsilon")
        self.add_output("scale_w@GRAD", "gradient of scale_w", dispensable=True)
        self.add_output("bias@GRAD", "gradient of bias", dispensable=True)
        _add_attrs(self)


class DataNormGradOp(GradOp):
    """X@GRAD like X; the others [C] in X's dtype, like Scales (scale_w may be absent)."""

    LIKE = {f"{slot}@GRAD": "Scales" for slot in (*_STAT_SLOTS, "scale_w", "bias")}
    COTANGENT_LIKE = {"Y@GRAD": "X"}


class DataNormGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale_w = ctx.input("scale_w")
        x_grad, w_grad, b_grad = (ctx.output(s) for s in ("X@GRAD", "scale_w@GRAD", "bias@GRAD"))
        stats = [ctx.output(f"{s}@GRAD").mutable_data(ctx.place, x.dtype) for s in _STAT_SLOTS]
        data_norm_funcs.data_norm_grad(
            ctx.xp, x.data, ctx.input("Y@GRAD").data, ctx.input("Means").data,
            ctx.input("Scales").data, None if scale_w is None else scale_w.data,
            ctx.attr("epsilon"), ctx.attr("slot_dim"), ctx.attr("enable_scale_and_shift"),
            ctx.attr("data_layout"),
            *(None if t is None else t.mutable_data(ctx.place, x.dtype)
              for t in (x_grad, w_grad, b_grad)), *stats)


register_operator("data_norm", DataNormOp, DataNormOpMaker)
register_operator("data_norm_grad", DataNormGradOp, DataNormGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("data_norm", "CPU", DataNormKernel, _dtype)
    register_op_kernel("data_norm", "GPU", DataNormKernel, _dtype)
    register_op_kernel("data_norm_grad", "CPU", DataNormGradKernel, _dtype)
    register_op_kernel("data_norm_grad", "GPU", DataNormGradKernel, _dtype)

_STATS = {"BatchSize": {"shape": (6,), "low": 1.0, "high": 9.0}, "BatchSum": (6,),
          "BatchSquareSum": {"shape": (6,), "low": 1.0, "high": 9.0}}
_FORWARD_CASES = [
    {"name": "slots of 3", "attrs": {"slot_dim": 3},
     "inputs": {"X": (4, 6), **_STATS, "scale_w": None, "bias": None}},
    {"name": "scale and shift", "attrs": {"enable_scale_and_shift": True},
     "inputs": {"X": (4, 6), **_STATS, "scale_w": (6,), "bias": (6,)}},
]
_SCALES = {"shape": (6,), "low": 0.5, "high": 2.0}
VERIFY_CASES = {"data_norm": _FORWARD_CASES, "data_norm_grad": [
    {"name": "slots of 3, scale and shift", "attrs": {"slot_dim": 3,
                                                      "enable_scale_and_shift": True},
     "inputs": {"X": (4, 6), "Y@GRAD": (4, 6), "Means": (6,), "Scales": _SCALES,
                "scale_w": (6,), "bias": (6,)},
     "outputs": {"X@GRAD": 1, "scale_w@GRAD": 1, "bias@GRAD": 1, "BatchSize@GRAD": 1,
                 "BatchSum@GRAD": 1, "BatchSquareSum@GRAD": 1}},
    {"name": "plain", "inputs": {"X": (4, 6), "Y@GRAD": (4, 6), "Means": (6,),
                                 "Scales": _SCALES, "scale_w": None, "bias": None},
     "outputs": {"X@GRAD": 1, "BatchSize@GRAD": 1, "BatchSum@GRAD": 1,
                 "BatchSquareSum@GRAD": 1}},
]}
