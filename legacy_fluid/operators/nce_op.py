"""nce: noise-contrastive estimation: each row's true classes against negatives drawn by a
uniform, log-uniform or custom (alias table) sampler; math in phi.kernels.funcs.loss."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs


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
        self.add_attr("num_total_classes", AttrType.INT, None, "classes (Weight rows)")
        self.add_attr("num_neg_samples", AttrType.INT, 10, "negatives per row")
        self.add_attr("sampler", AttrType.INT, 0, "0 uniform, 1 log-uniform, 2 custom")
        self.add_attr("seed", AttrType.INT, 0, "0: the process-wide generator")
        self.add_attr("is_sparse", AttrType.BOOLEAN, False, "Weight's grad as SelectedRows")
        self.add_attr("remote_prefetch", AttrType.BOOLEAN, False, "parameter server only")
        self.add_attr("is_test", AttrType.BOOLEAN, False, "(samples written where asked)")
        self.add_attr("custom_neg_classes", AttrType.INTS, [], "fixed negatives", extra=True)
        self.add_attr("trainer_id", AttrType.INT, 0, "parameter server only", extra=True)
        self.add_attr("height_sections", AttrType.LONGS, [], "parameter server", extra=True)
        self.add_attr("epmap", AttrType.STRINGS, [], "parameter server only", extra=True)
        self.add_attr("table_names", AttrType.STRINGS, [], "parameter server", extra=True)


class NCEOp(OperatorWithKernel):
    """Its own shapes: the mapping is hand-written (compat/ops/nce_sig.py), and
    `migrate --verify` imports this module without it."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        cost, samples = loss_funcs.nce_dims(ctx.get_input_dim("Input"),
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
        dist = tuple(None if t is None else t.data
                     for t in (dist_probs, dist_alias, dist_alias_probs))
        loss_funcs.nce_loss(
            ctx.xp, x.data, label.data, weight.data, None if bias is None else bias.data,
            None if sample_weight is None else sample_weight.data, dist, num_total_classes,
            custom_neg_classes, num_neg_samples, sampler, seed,
            cost.mutable_data(ctx.place, x.dtype),
            None if sample_logits is None else sample_logits.mutable_data(ctx.place, x.dtype),
            None if sample_labels is None else sample_labels.mutable_data(ctx.place,
                                                                          DataType.INT64))


register_operator("nce", NCEOp, NCEOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("nce", "CPU", NCEKernel, _dtype)
    register_op_kernel("nce", "GPU", NCEKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "uniform, seeded", "attrs": {"num_total_classes": 6, "seed": 5,
                                                       "num_neg_samples": 3},
                 "inputs": {"Input": (4, 3), "Weight": (6, 3), "Bias": (6, 1),
                            "Label": {"shape": (4, 1), "dtype": "int64", "low": 0, "high": 6}}}]
