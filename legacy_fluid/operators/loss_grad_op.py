"""Grads of the loss family (PHI <op>_grad of the same names): slots as Paddle's grad
OpDescs, attributes the forward's. sigmoid_cross_entropy_with_logits_grad: X, Label,
pos_weight, Out@GRAD -> X@GRAD; bce_loss_grad: X, Label, Out@GRAD -> X@GRAD;
nll_loss_grad: X, Label, Weight, Total_weight, Out@GRAD -> X@GRAD; kldiv_loss_grad: X (its
dims), Target, Loss@GRAD -> X@GRAD; huber_loss_grad: Residual, Out@GRAD -> X@GRAD, Y@GRAD
(either may be left out); hinge_loss_grad: Logits, Labels, Loss@GRAD -> Logits@GRAD;
log_loss_grad: Predicted, Labels, Loss@GRAD -> Predicted@GRAD; cvm_grad: X, CVM, Y@GRAD ->
X@GRAD; identity_loss_grad: X (its dims), Out@GRAD -> X@GRAD. Math: phi.kernels.funcs.loss
and phi.kernels.funcs.loss_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import OutGradLikeXKernel
from phi.common import DataType
from phi.kernels.funcs import loss as loss_funcs
from phi.kernels.funcs import loss_grad as loss_grad_funcs

_FLOATS = (DataType.FLOAT32, DataType.FLOAT64)


class SigmoidCrossEntropyWithLogitsGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        pos_weight = ctx.input("pos_weight")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        normalize = ctx.attr("normalize")
        ignore_index = ctx.attr("ignore_index")
        loss_funcs.sigmoid_cross_entropy_with_logits_grad(
            ctx.xp, x.data, label.data, None if pos_weight is None else pos_weight.data,
            out_grad.data, normalize, ignore_index, x_grad.mutable_data(ctx.place, x.dtype))


class BCELossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        loss_funcs.bce_loss_grad(ctx.xp, x.data, label.data, out_grad.data,
                                 x_grad.mutable_data(ctx.place, x.dtype))


class NLLLossGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X", "the forward's log-probabilities")
        self.add_input("Label", "the forward's class ids")
        self.add_input("Weight", "the forward's class weights", dispensable=True)
        self.add_input("Total_weight", "the forward's Total_weight")
        self.add_input("Out@GRAD", "gradient of Out")
        self.add_output("X@GRAD", "gradient of X")
        self.add_attr("ignore_index", AttrType.LONG, -100, "the forward's ignore_index")
        self.add_attr("reduction", AttrType.STRING, "mean", "the forward's reduction")


class NLLLossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        label = ctx.input("Label")
        weight = ctx.input("Weight")
        total_weight = ctx.input("Total_weight")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        ignore_index = ctx.attr("ignore_index")
        reduction = ctx.attr("reduction")
        loss_funcs.nll_loss_grad(ctx.xp, x.data, label.data,
                                 None if weight is None else weight.data, total_weight.data,
                                 out_grad.data, ignore_index, reduction,
                                 x_grad.mutable_data(ctx.place, x.dtype))


class KLDivLossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        target = ctx.input("Target")
        loss_grad = ctx.input("Loss@GRAD")
        x_grad = ctx.output("X@GRAD")
        reduction = ctx.attr("reduction")
        log_target = ctx.attr("log_target")
        x_grad.resize(tuple(x.dims))
        loss_funcs.kldiv_loss_grad(ctx.xp, target.data, loss_grad.data, reduction, log_target,
                                   x_grad.mutable_data(ctx.place, loss_grad.dtype))


class HuberLossGradOp(GradOp):
    LIKE = {"X@GRAD": "Residual", "Y@GRAD": "Residual"}
    COTANGENT_LIKE = {"Out@GRAD": "Residual"}


class HuberLossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        residual = ctx.input("Residual")
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        y_grad = ctx.output("Y@GRAD")
        delta = ctx.attr("delta")
        loss_funcs.huber_loss_grad(
            ctx.xp, residual.data, out_grad.data, delta,
            None if x_grad is None else x_grad.mutable_data(ctx.place, residual.dtype),
            None if y_grad is None else y_grad.mutable_data(ctx.place, residual.dtype))


class HingeLossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        logits = ctx.input("Logits")
        labels = ctx.input("Labels")
        loss_grad = ctx.input("Loss@GRAD")
        logits_grad = ctx.output("Logits@GRAD")
        loss_funcs.hinge_loss_grad(ctx.xp, logits.data, labels.data, loss_grad.data,
                                   logits_grad.mutable_data(ctx.place, logits.dtype))


class LogLossGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        predicted = ctx.input("Predicted")
        labels = ctx.input("Labels")
        loss_grad = ctx.input("Loss@GRAD")
        predicted_grad = ctx.output("Predicted@GRAD")
        epsilon = ctx.attr("epsilon")
        loss_funcs.log_loss_grad(ctx.xp, predicted.data, labels.data, loss_grad.data, epsilon,
                                 predicted_grad.mutable_data(ctx.place, predicted.dtype))


register_operator("sigmoid_cross_entropy_with_logits_grad", GradOp)
register_operator("bce_loss_grad", GradOp)
register_operator("nll_loss_grad", GradOp, NLLLossGradOpMaker)
register_operator("kldiv_loss_grad", GradOp)
register_operator("huber_loss_grad", HuberLossGradOp)
register_operator("hinge_loss_grad", GradOp)
register_operator("log_loss_grad", GradOp)
class CVMGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        cvm = ctx.input("CVM")
        out_grad = ctx.input("Y@GRAD")
        x_grad = ctx.output("X@GRAD")
        use_cvm = ctx.attr("use_cvm")
        lod = x.lod[0] if x.lod else None
        loss_grad_funcs.cvm_grad(ctx.xp, cvm.data, out_grad.data, use_cvm, lod,
                                 x_grad.mutable_data(ctx.place, x.dtype))


register_operator("cvm_grad", GradOp)
register_operator("identity_loss_grad", GradOp)
for _op, _kernel, _dtypes in (
        ("sigmoid_cross_entropy_with_logits_grad", SigmoidCrossEntropyWithLogitsGradKernel,
         _FLOATS),
        ("bce_loss_grad", BCELossGradKernel, _FLOATS),
        ("nll_loss_grad", NLLLossGradKernel, _FLOATS),
        ("kldiv_loss_grad", KLDivLossGradKernel, _FLOATS),
        ("huber_loss_grad", HuberLossGradKernel, _FLOATS),
        ("hinge_loss_grad", HingeLossGradKernel, (DataType.FLOAT32,)),
        ("log_loss_grad", LogLossGradKernel, (DataType.FLOAT32,)),
        ("cvm_grad", CVMGradKernel, _FLOATS)):
    for _dtype in _dtypes:
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "bce_loss_grad": [{"name": "probabilities", "inputs": {
        "X": {"shape": (3, 4), "low": 0.01, "high": 0.99}, "Label": (3, 4), "Out@GRAD": (3, 4)}}],
    "nll_loss_grad": [{"name": "mean", "inputs": {
        "X": (3, 4), "Label": {"shape": (3,), "dtype": "int64", "low": 0, "high": 4},
        "Weight": None, "Total_weight": {"value": 3.0}, "Out@GRAD": {"value": 1.0}}}],
    "kldiv_loss_grad": [{"name": "mean", "inputs": {"X": (3, 4), "Target": (3, 4),
                                                    "Loss@GRAD": {"value": 1.0}}}],
    "huber_loss_grad": [{"name": "delta 1", "attrs": {"delta": 1.0},
                         "inputs": {"Residual": (3, 4), "Out@GRAD": (3, 4)}}],
    "hinge_loss_grad": [{"name": "column", "inputs": {"Logits": (4, 1), "Labels": (4, 1),
                                                      "Loss@GRAD": (4, 1)}}],
    "log_loss_grad": [{"name": "column", "attrs": {"epsilon": 1e-4}, "inputs": {
        "Predicted": {"shape": (4, 1), "low": 0.1, "high": 0.9}, "Labels": (4, 1),
        "Loss@GRAD": (4, 1)}}],
    "cvm_grad": [{"name": "use_cvm", "inputs": {"X": (4, 5), "CVM": (4, 2),
                                                "Y@GRAD": (4, 5)}}],
    "identity_loss_grad": [{"name": "mean", "inputs": {"X": (3, 4), "Out@GRAD": {"value": 1.0}}}],
}
register_op_table(OutGradLikeXKernel, [
    OpKernelRow("identity_loss_grad", "IdentityLossGradKernel",
                loss_grad_funcs.identity_loss_grad, _FLOATS, attrs=("reduction",)),
], by_dtype=True)
