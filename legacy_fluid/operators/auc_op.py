"""auc: streaming area under the ROC curve from bucketed positive / negative counts
(StatPos / StatNeg in, StatPosOut / StatNegOut out, usually the same variables); math and
shape rules in phi.kernels.funcs.metric."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import metric as metric_funcs


class AucOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        auc_dims, stat_dims = metric_funcs.auc_dims(
            ctx.get_input_dim("Predict"), ctx.get_input_dim("Label"),
            {"StatPos": ctx.get_input_dim("StatPos"), "StatNeg": ctx.get_input_dim("StatNeg")},
            ctx.attr("num_thresholds"), ctx.attr("slide_steps"))
        ctx.set_output_dim("AUC", auc_dims)
        ctx.set_output_dtype("AUC", DataType.FLOAT64)
        for slot in ("StatPosOut", "StatNegOut"):
            ctx.set_output_dim(slot, stat_dims)
            ctx.set_output_dtype(slot, DataType.INT64)


class AucKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        predict = ctx.input("Predict")
        label = ctx.input("Label")
        stat_pos = ctx.input("StatPos").data
        stat_neg = ctx.input("StatNeg").data
        weight = ctx.input("InsTagWeight") if ctx.has_input("InsTagWeight") else None
        auc = ctx.output("AUC")
        stat_pos_out = ctx.output("StatPosOut")
        stat_neg_out = ctx.output("StatNegOut")
        num_thresholds = ctx.attr("num_thresholds")
        slide_steps = ctx.attr("slide_steps")
        metric_funcs.auc(ctx.xp, predict.data, label.data, stat_pos, stat_neg,
                         None if weight is None else weight.data, num_thresholds, slide_steps,
                         auc.mutable_data(ctx.place, DataType.FLOAT64),
                         stat_pos_out.mutable_data(ctx.place, DataType.INT64),
                         stat_neg_out.mutable_data(ctx.place, DataType.INT64))


register_operator("auc", AucOp)
register_op_kernel("auc", "CPU", AucKernel, DataType.FLOAT32)
register_op_kernel("auc", "GPU", AucKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "slide 2", "attrs": {"num_thresholds": 7, "slide_steps": 2},
                 "dtypes": ["float32"], "inputs": {
                     "Predict": {"shape": (6, 2), "low": 0.0, "high": 1.0},
                     "Label": {"shape": (6, 1), "dtype": "int64", "low": 0, "high": 2},
                     "StatPos": {"shape": (25,), "dtype": "int64", "low": 0, "high": 3},
                     "StatNeg": {"shape": (25,), "dtype": "int64", "low": 0, "high": 3}}}]
