"""More activations: Out = f(X), X's dims, dtype and lod (maxout: the channel dim divided
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
phi.kernels.funcs.activation_ext); protos are Paddle 3.3.1's. Paddle 2.x's
thresholded_relu had no `value` (its default, 0, is what those programs meant).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.activation_op import ActivationOp
from phi.common import DataType
from phi.kernels.funcs import activation_ext as act_ext

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_FLOAT_COMPLEX = (*_FLOAT, DataType.COMPLEX64, DataType.COMPLEX128)

#: maxout's attributes are checked at infer time; these are valid calls for `--verify`.
VERIFY_CASES = {
    "maxout": [{"name": "NCHW groups 2", "inputs": {"X": (2, 4, 3, 3)},
                "attrs": {"groups": 2, "axis": 1}},
               {"name": "NHWC groups 3", "inputs": {"X": (2, 3, 3, 6)},
                "attrs": {"groups": 3, "axis": -1}}],
}


class MaxoutOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LogitKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        eps = ctx.attr("eps")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.logit(ctx.xp, x.data, eps, data)


class SoftsignKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.softsign(ctx.xp, x.data, data)


class SeluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        scale = ctx.attr("scale")
        alpha = ctx.attr("alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.selu(ctx.xp, x.data, scale, alpha, data)


class BreluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        t_min = ctx.attr("t_min")
        t_max = ctx.attr("t_max")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.hardtanh(ctx.xp, x.data, t_min, t_max, data)


class StanhKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        scale_a = ctx.attr("scale_a")
        scale_b = ctx.attr("scale_b")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.stanh(ctx.xp, x.data, scale_a, scale_b, data)


class TanhShrinkKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.tanh_shrink(ctx.xp, x.data, data)


class HardShrinkKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        threshold = ctx.attr("threshold")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.hardshrink(ctx.xp, x.data, threshold, data)


class SoftShrinkKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        lambda_ = ctx.attr("lambda")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.softshrink(ctx.xp, x.data, lambda_, data)


class ThresholdedReluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        threshold = ctx.attr("threshold")
        value = ctx.attr("value")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.thresholded_relu(ctx.xp, x.data, threshold, value, data)


class MaxoutKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        groups = ctx.attr("groups")
        axis = ctx.attr("axis")
        data = out.mutable_data(ctx.place, x.dtype)
        act_ext.maxout(ctx.xp, x.data, groups, axis, data)


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
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOAT:
        register_op_kernel("logit", _backend, LogitKernel, _dtype)
        register_op_kernel("selu", _backend, SeluKernel, _dtype)
        register_op_kernel("brelu", _backend, BreluKernel, _dtype)
        register_op_kernel("tanh_shrink", _backend, TanhShrinkKernel, _dtype)
        register_op_kernel("hard_shrink", _backend, HardShrinkKernel, _dtype)
        register_op_kernel("softshrink", _backend, SoftShrinkKernel, _dtype)
        register_op_kernel("thresholded_relu", _backend, ThresholdedReluKernel, _dtype)
        register_op_kernel("maxout", _backend, MaxoutKernel, _dtype)
    for _dtype in _FLOAT_COMPLEX:
        register_op_kernel("softsign", _backend, SoftsignKernel, _dtype)
        register_op_kernel("stanh", _backend, StanhKernel, _dtype)
