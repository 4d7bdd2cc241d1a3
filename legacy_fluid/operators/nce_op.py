"""nce: noise-contrastive estimation: each row's true classes against negatives drawn by a
uniform, log-uniform or custom (alias table) sampler; math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import loss_sampled as sampled_funcs


def _add_attrs(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_attr("num_total_classes", AttrType.INT, None, "classes (Weight rows)")
    maker.add_attr("num_neg_samples", AttrType.INT, 10, "negatives per row")
    maker.add_attr("sampler", AttrType.INT, 0, "0 uniform, 1 log-uniform, 2 custom")
    maker.add_attr("seed", AttrType.INT, 0, "0: the process-wide generator")
    maker.add_attr("is_sparse", AttrType.BOOLEAN, False, "Weight's grad as SelectedRows")
    maker.add_attr("remote_prefetch", AttrType.BOOLEAN, False, "parameter server only")
    maker.add_attr("is_test", AttrType.BOOLEAN, False, "(samples written where asked)")
    maker.add_attr("custom_neg_classes", AttrType.INTS, [], "fixed negatives", extra=True)
    maker.add_attr("trainer_id", AttrType.INT, 0, "parameter server only", extra=True)
    maker.add_attr("height_sections", AttrType.LONGS, [], "parameter server", extra=True)
    maker.add_attr("epmap", AttrType.STRINGS, [], "parameter server only", extra=True)
    maker.add_attr("table_names", AttrType.STRINGS, [], "parameter server", extra=True)


class NCEOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "[N, D]")
        self.add_input("Label", "int64 true classes [N, num_true]")
        self.add_input("Weight", "[num_total_classes, D]")
        self.add_input("Bias", "[num_total_classes, 1]", dispensable=True)
        self.add_input("SampleWeight", "per-row cost weight [N, 1]", dispensable=True)
        self.add_input("CustomDistProbs", "sampler 2: float32 probabilities", dispensable=True)
        self.add_input("CustomDistAlias", "sampler 2: int32 alias table", dispensable=True)
        self.add_input("CustomDistAliasProbs", "sampler 2: float32", dispensable=True)
        self.add_output("Cost", "[N, 1]")
        self.add_output("SampleLogits", "sigmoid of each sample's logit", extra=True)
        self.add_output("SampleLabels", "int64 true classes, then negatives", extra=True)
        _add_attrs(self)


class NCEOp(OperatorWithKernel):
    """Its own shapes: the mapping is hand-written (compat/ops/nce_sig.py), and
    `migrate --verify` imports this module without it."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        cost, samples = sampled_funcs.nce_dims(ctx.get_input_dim("Input"),
                                            ctx.get_input_dim("Label"),
                                            ctx.attr("num_neg_samples"))
        ctx.set_output_dim("Cost", cost)
        ctx.set_output_dtype("Cost", ctx.get_input_dtype("Input"))
        for slot, dtype in (("SampleLogits", ctx.get_input_dtype("Input")),
                            ("SampleLabels", DataType.INT64)):
            if ctx.has_output(slot):
                ctx.set_output_dim(slot, samples)
                ctx.set_output_dtype(slot, dtype)


class NCEKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        label = ctx.input("Label")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        sample_weight = ctx.input("SampleWeight")
        dist_probs = ctx.input("CustomDistProbs")
        dist_alias = ctx.input("CustomDistAlias")
        dist_alias_probs = ctx.input("CustomDistAliasProbs")
        cost = ctx.output("Cost")
        sample_logits = ctx.output("SampleLogits")
        sample_labels = ctx.output("SampleLabels")
        num_total_classes = ctx.attr("num_total_classes")
        custom_neg_classes = ctx.attr("custom_neg_classes")
        num_neg_samples = ctx.attr("num_neg_samples")
        sampler = ctx.attr("sampler")
        seed = ctx.attr("seed")
        dist = (None if dist_probs is None else dist_probs.data,
                None if dist_alias is None else dist_alias.data,
                None if dist_alias_probs is None else dist_alias_probs.data)
        sampled_funcs.nce_loss(
            ctx.xp, x.data, label.data, weight.data, None if bias is None else bias.data,
            None if sample_weight is None else sample_weight.data, dist, num_total_classes,
            custom_neg_classes, num_neg_samples, sampler, seed,
            cost.mutable_data(ctx.place, x.dtype),
            None if sample_logits is None else sample_logits.mutable_data(ctx.place, x.dtype),
            None if sample_labels is None else sample_labels.mutable_data(ctx.place,
                                                                          DataType.INT64))


class NCEGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the forward's Input")
        self.add_input("Label", "the forward's Label")
        self.add_input("Bias", "the forward's Bias", dispensable=True)
        self.add_input("Weight", "the forward's Weight")
        self.add_input("SampleLogits", "the forward's SampleLogits")
        self.add_input("SampleLabels", "the forward's SampleLabels")
        self.add_input("SampleWeight", "the forward's SampleWeight", dispensable=True)
        self.add_input("CustomDistProbs", "sampler 2: the probabilities", dispensable=True)
        self.add_input("CustomDistAlias", "sampler 2 (unused here)", dispensable=True)
        self.add_input("CustomDistAliasProbs", "sampler 2 (unused here)", dispensable=True)
        self.add_input("Cost@GRAD", "gradient of Cost [N, 1]")
        self.add_output("Input@GRAD", "gradient of Input")
        self.add_output("Bias@GRAD", "gradient of Bias")
        self.add_output("Weight@GRAD", "gradient of Weight (dense, also for is_sparse)")
        _add_attrs(self)


class NCEGradOp(GradOp):
    """Input@GRAD, Bias@GRAD, Weight@GRAD: their forward inputs' meta."""


class NCEGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("Input")
        label = ctx.input("Label")
        weight = ctx.input("Weight")
        sample_logits = ctx.input("SampleLogits")
        sample_labels = ctx.input("SampleLabels")
        sample_weight = ctx.input("SampleWeight")
        dist_probs = ctx.input("CustomDistProbs")
        dist_alias = ctx.input("CustomDistAlias")
        dist_alias_probs = ctx.input("CustomDistAliasProbs")
        cost_grad = ctx.input("Cost@GRAD")
        x_grad = ctx.output("Input@GRAD")
        bias_grad = ctx.output("Bias@GRAD")
        weight_grad = ctx.output("Weight@GRAD")
        num_total_classes = ctx.attr("num_total_classes")
        num_neg_samples = ctx.attr("num_neg_samples")
        sampler = ctx.attr("sampler")
        dist = (None if dist_probs is None else dist_probs.data,
                None if dist_alias is None else dist_alias.data,
                None if dist_alias_probs is None else dist_alias_probs.data)
        sampled_funcs.nce_loss_grad(
            ctx.xp, x.data, weight.data, None if sample_weight is None else sample_weight.data,
            sample_logits.data, sample_labels.data, label.data, dist, num_total_classes,
            num_neg_samples, sampler, cost_grad.data,
            None if x_grad is None else x_grad.mutable_data(ctx.place, x.dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, x.dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype))
register_operator("nce", NCEOp, NCEOpMaker)
register_operator("nce_grad", NCEGradOp, NCEGradOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("nce", "CPU", NCEKernel, _dtype)
    register_op_kernel("nce", "GPU", NCEKernel, _dtype)
    register_op_kernel("nce_grad", "CPU", NCEGradKernel, _dtype)
    register_op_kernel("nce_grad", "GPU", NCEGradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
_FORWARD_CASES = [{"name": "uniform, seeded", "attrs": {"num_total_classes": 6, "seed": 5,
                                                       "num_neg_samples": 3},
                 "inputs": {"Input": (4, 3), "Weight": (6, 3), "Bias": (6, 1),
                            "Label": {"shape": (4, 1), "dtype": "int64", "low": 0, "high": 6}}}]
VERIFY_CASES = {"nce": _FORWARD_CASES, "nce_grad": [{
    "name": "uniform", "attrs": {"num_total_classes": 6, "num_neg_samples": 2},
    "inputs": {"Input": (3, 4), "Weight": (6, 4), "Bias": (6, 1),
               "Label": {"shape": (3, 1), "dtype": "int64", "low": 0, "high": 6},
               "SampleLabels": {"shape": (3, 3), "dtype": "int64", "low": 0, "high": 6},
               "SampleLogits": {"shape": (3, 3), "low": 0.1, "high": 0.9},
               "Cost@GRAD": (3, 1)},
    "outputs": {"Input@GRAD": 1, "Weight@GRAD": 1, "Bias@GRAD": 1}}]}
