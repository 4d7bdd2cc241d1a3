"""Unary math ops and simple activations: Out = f(X), X's dims and lod.

One maker and one operator class serve every op here (as Paddle's ActivationOp);
each op has its own small kernel:

- abs: |X|; the modulus for complex X, whose result is real (AbsOp sets that dtype);
- exp: e ** X (float32 for integer X: FloatOutOp); sqrt: sqrt(X) (NaN for negative X);
  rsqrt: 1 / sqrt(X); log: ln(X) (-inf at 0, NaN for negative X; float32 for integer X);
  square: X * X; reciprocal: 1 / X;
- floor / ceil: X rounded toward -inf / +inf (integers unchanged);
- sin, cos, tanh; sigmoid: 1 / (1 + exp(-X));
- relu: max(X, 0) (NaN gives 0); sign: -1, 0 or 1 by the sign of X (NaN stays NaN);
  complex X / |X| part by part.

sigmoid, tanh and sign take complex X on CPU (phi.kernels.funcs.complex_activation).

The ops differ only in their `extra` attributes (oneDNN / cuDNN switches), added by
each maker's `add_extra_attrs`.

More activations: Out = f(X), X's dims, dtype and lod (maxout: the channel dim divided
by `groups`).

- logit: log(p / (1 - p)), p = X clamped to [eps, 1 - eps] (eps == 0: NaN outside [0, 1]);
- softsign: X / (1 + |X|); selu: scale * (X > 0 ? X : alpha * exp(X) - alpha);
- brelu: X clamped to [t_min, t_max] (PHI `hardtanh`); stanh: scale_b * tanh(scale_a * X);
- tanh_shrink: X - tanh(X);
- hard_shrink: X where |X| >= threshold, else 0 (PHI `hardshrink`);
- softshrink: X - lambda above lambda, X + lambda below -lambda, else 0;
- thresholded_relu: X above threshold, else `value`;
- maxout: the max over each run of `groups` channels of a 4-D X (axis 1: NCHW; 3 or -1:
  NHWC).

Formulas, NaN / inf and signed-zero behaviour follow Paddle's CPU functors (see
phi.kernels.funcs.activation); protos are Paddle 3.3.1's. Paddle 2.x's
thresholded_relu had no `value` (its default, 0, is what those programs meant).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.kernel_templates import OutDtypeKernel, SameDtypeKernel
from phi.kernels.funcs import activation as act_funcs
from phi.kernels.funcs import unary_math
from phi.kernels.funcs.unary_dtypes import (
    FLOAT,
    FLOAT_COMPLEX,
    FLOAT_HALF,
    HALF_COMPLEX,
    INT,
    INT_COMPLEX_CPU,
    INT_COMPLEX_GPU,
    LOG_CPU,
    RELU_GPU,
    ROUND_CPU,
    ROUND_GPU,
    SIGN_CPU,
    SIGN_GPU,
)


class ActivationOpMaker(OpProtoAndCheckerMaker):
    """X -> Out with the oneDNN / cuDNN switches most of these ops carry."""

    def make(self) -> None:
        self.add_input("X", "input tensor")
        self.add_output("Out", "f(X), same shape as X")
        self.add_extra_attrs()

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)


class MkldnnOnlyOpMaker(ActivationOpMaker):
    """abs: no cuDNN switch."""

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)


class NoExtraOpMaker(ActivationOpMaker):
    """sign: no extra attributes."""

    def add_extra_attrs(self) -> None:
        pass


class MkldnnTypedOpMaker(ActivationOpMaker):
    """relu: the common switches and the oneDNN data type."""

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)


class OnednnOpMaker(ActivationOpMaker):
    """tanh: use_mkldnn, use_onednn, use_cudnn."""

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)


class OnednnTypedOpMaker(ActivationOpMaker):
    """sigmoid: tanh's switches and the oneDNN data type."""

    def add_extra_attrs(self) -> None:
        self.add_attr("use_mkldnn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_onednn", AttrType.BOOLEAN, False, "oneDNN kernel", extra=True)
        self.add_attr("use_cudnn", AttrType.BOOLEAN, False, "cuDNN kernel", extra=True)
        self.add_attr("mkldnn_data_type", AttrType.STRING, "float32", "oneDNN data type",
                      extra=True)
        self.add_attr("onednn_data_type", AttrType.STRING, "", "oneDNN data type", extra=True)


class ActivationOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))
        ctx.share_lod("X", "Out")


class FloatOutOp(OperatorWithKernel):
    """exp / log (and expm1 / log1p): Out has X's dims; float32 for integer X (Paddle's
    kernels do, although its static InferShape declares X's dtype)."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", unary_math.float_out_dtype(ctx.get_input_dtype("X")))
        ctx.share_lod("X", "Out")


class AbsOp(OperatorWithKernel):
    """abs of complex X is real."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", unary_math.abs_out_dtype(ctx.get_input_dtype("X")))
        ctx.share_lod("X", "Out")


for _op, _op_class, _maker in (
        ("abs", AbsOp, MkldnnOnlyOpMaker), ("exp", FloatOutOp, OnednnOpMaker),
        ("sqrt", ActivationOp, ActivationOpMaker), ("rsqrt", ActivationOp, ActivationOpMaker),
        ("log", FloatOutOp, OnednnOpMaker), ("square", ActivationOp, ActivationOpMaker),
        ("reciprocal", ActivationOp, ActivationOpMaker),
        ("floor", ActivationOp, ActivationOpMaker), ("ceil", ActivationOp, ActivationOpMaker),
        ("sin", ActivationOp, ActivationOpMaker), ("cos", ActivationOp, ActivationOpMaker),
        ("relu", ActivationOp, MkldnnTypedOpMaker), ("sigmoid", ActivationOp, OnednnTypedOpMaker),
        ("tanh", ActivationOp, OnednnOpMaker), ("sign", ActivationOp, NoExtraOpMaker)):
    register_operator(_op, _op_class, _maker)
#: (op type, kernel class, funcs function, CPU dtypes, GPU dtypes when they differ)
register_op_table(SameDtypeKernel, [
    OpKernelRow("rsqrt", "RsqrtKernel", unary_math.rsqrt, FLOAT, FLOAT_HALF),
    OpKernelRow("square", "SquareKernel", unary_math.square, INT_COMPLEX_CPU,
                INT_COMPLEX_GPU),
    OpKernelRow("relu", "ReluKernel", act_funcs.relu, FLOAT, RELU_GPU),
    OpKernelRow("sigmoid", "SigmoidKernel", act_funcs.sigmoid, FLOAT_COMPLEX, FLOAT_HALF),
    OpKernelRow("tanh", "TanhKernel", act_funcs.tanh, FLOAT_COMPLEX, FLOAT_HALF),
    OpKernelRow("floor", "FloorKernel", unary_math.floor, ROUND_CPU, ROUND_GPU),
    OpKernelRow("ceil", "CeilKernel", unary_math.ceil, ROUND_CPU, ROUND_GPU),
    OpKernelRow("sign", "SignKernel", act_funcs.sign, SIGN_CPU, SIGN_GPU),
])
register_op_table(SameDtypeKernel, [
    OpKernelRow("sqrt", "SqrtKernel", unary_math.sqrt, FLOAT_COMPLEX, HALF_COMPLEX),
    OpKernelRow("reciprocal", "ReciprocalKernel", unary_math.reciprocal, FLOAT_COMPLEX,
                HALF_COMPLEX),
    OpKernelRow("sin", "SinKernel", unary_math.sin, FLOAT_COMPLEX, HALF_COMPLEX),
    OpKernelRow("cos", "CosKernel", unary_math.cos, FLOAT_COMPLEX, HALF_COMPLEX),
], backends=("GPU", "CPU"))

#: extra: Out's dtype from X's
register_op_table(OutDtypeKernel, [
    OpKernelRow("abs", "AbsKernel", unary_math.abs, INT_COMPLEX_CPU, INT_COMPLEX_GPU,
                unary_math.abs_out_dtype),
    OpKernelRow("exp", "ExpKernel", unary_math.exp, (*HALF_COMPLEX, *INT), HALF_COMPLEX,
                unary_math.float_out_dtype),
])
register_op_table(OutDtypeKernel, [
    OpKernelRow("log", "LogKernel", unary_math.log, LOG_CPU, HALF_COMPLEX,
                unary_math.float_out_dtype),
], backends=("GPU", "CPU"))

#: maxout's attributes are checked at infer time; these are valid calls for `--verify`.
VERIFY_CASES = {
    "maxout": [{"name": "NCHW groups 2", "inputs": {"X": (2, 4, 3, 3)},
                "attrs": {"groups": 2, "axis": 1}},
               {"name": "NHWC groups 3", "inputs": {"X": (2, 3, 3, 6)},
                "attrs": {"groups": 3, "axis": -1}}],
}


class MaxoutOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


register_operator("logit", ActivationOp)
register_operator("softsign", ActivationOp)
register_operator("selu", ActivationOp)
register_operator("brelu", ActivationOp)
register_operator("stanh", ActivationOp)
register_operator("tanh_shrink", ActivationOp)
register_operator("hard_shrink", ActivationOp)
register_operator("softshrink", ActivationOp)
register_operator("thresholded_relu", ActivationOp)
register_operator("maxout", MaxoutOp)
#: (op type, kernel class, funcs function, dtypes, attributes read and passed after X)
register_op_table(SameDtypeKernel, [
    OpKernelRow("logit", "LogitKernel", act_funcs.logit, FLOAT, attrs=("eps",)),
    OpKernelRow("selu", "SeluKernel", act_funcs.selu, FLOAT, attrs=("scale", "alpha")),
    OpKernelRow("brelu", "BreluKernel", act_funcs.hardtanh, FLOAT, attrs=("t_min", "t_max")),
    OpKernelRow("hard_shrink", "HardShrinkKernel", act_funcs.hardshrink, FLOAT,
                attrs=("threshold",)),
    OpKernelRow("softshrink", "SoftShrinkKernel", act_funcs.softshrink, FLOAT,
                attrs=("lambda",)),
    OpKernelRow("thresholded_relu", "ThresholdedReluKernel", act_funcs.thresholded_relu, FLOAT,
                attrs=("threshold", "value")),
    OpKernelRow("maxout", "MaxoutKernel", act_funcs.maxout, FLOAT, attrs=("groups", "axis")),
    OpKernelRow("stanh", "StanhKernel", act_funcs.stanh, FLOAT_COMPLEX,
                attrs=("scale_a", "scale_b")),
    OpKernelRow("tanh_shrink", "TanhShrinkKernel", act_funcs.tanh_shrink, FLOAT),
    OpKernelRow("softsign", "SoftsignKernel", act_funcs.softsign, FLOAT_COMPLEX),
])
