"""Smooth activations: Out = f(X), X's dims, dtype and lod.

- softplus: X where beta * X > threshold, else log(1 + exp(beta * X)) / beta;
- silu: X * sigmoid(X); logsigmoid: log(sigmoid(X));
- mish: X * tanh(softplus(X)), softplus(X) = X above `threshold`;
- elu: alpha * (exp(X) - 1) where X < 0, else X;
- celu: alpha * (exp(X / alpha) - 1) where X < 0, else X.

Formulas, NaN and signed-zero behaviour follow Paddle's CPU functors (see
phi.kernels.funcs.activation). Every op is plain (its proto from phi/ops.yaml, its extra
attributes, Paddle 3.3.1's per op, from phi/op_compat.yaml) and uses `activation_op`'s
operator class.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.activation_op import ActivationOp
from phi.common import DataType
from phi.kernels.funcs import activation as act_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)
_COMPLEX = (DataType.COMPLEX64, DataType.COMPLEX128)


class SoftplusKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        beta = ctx.attr("beta")
        threshold = ctx.attr("threshold")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.softplus(ctx.xp, x.data, beta, threshold, data)


class SiluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.silu(ctx.xp, x.data, data)


class MishKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        threshold = ctx.attr("threshold")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.mish(ctx.xp, x.data, threshold, data)


class EluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        alpha = ctx.attr("alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.elu(ctx.xp, x.data, alpha, data)


class CeluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        alpha = ctx.attr("alpha")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.celu(ctx.xp, x.data, alpha, data)


class LogsigmoidKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        act_funcs.logsigmoid(ctx.xp, x.data, data)


register_operator("softplus", ActivationOp)
register_operator("silu", ActivationOp)
register_operator("mish", ActivationOp)
register_operator("elu", ActivationOp)
register_operator("celu", ActivationOp)
register_operator("logsigmoid", ActivationOp)
for _dtype in _FLOAT:
    for _backend in ("CPU", "GPU"):
        register_op_kernel("softplus", _backend, SoftplusKernel, _dtype)
        register_op_kernel("silu", _backend, SiluKernel, _dtype)
        register_op_kernel("mish", _backend, MishKernel, _dtype)
        register_op_kernel("elu", _backend, EluKernel, _dtype)
        register_op_kernel("celu", _backend, CeluKernel, _dtype)
        register_op_kernel("logsigmoid", _backend, LogsigmoidKernel, _dtype)
for _dtype in _COMPLEX:  # Paddle's CPU kernels (phi.kernels.funcs.complex_activation)
    register_op_kernel("softplus", "CPU", SoftplusKernel, _dtype)
    register_op_kernel("silu", "CPU", SiluKernel, _dtype)
    register_op_kernel("logsigmoid", "CPU", LogsigmoidKernel, _dtype)
