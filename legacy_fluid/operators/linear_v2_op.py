"""linear_v2: out = input @ weight (weight^T with transpose_weight) + bias (bias 0-d or 1-D of
N or 1 elements). Shapes: the PHI kernel's InferMeta. linear_v2_grad: input, weight, bias,
out@GRAD -> input@GRAD, weight@GRAD, bias@GRAD (each may be left out). Math in
phi.kernels.funcs.linear_v2."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linear_v2 as linear_funcs


class LinearV2Op(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class LinearV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("input")
        weight = ctx.input("weight")
        bias = ctx.input("bias")
        out = ctx.output("out")
        transpose_weight = ctx.attr("transpose_weight")
        data = out.mutable_data(ctx.place, x.dtype)
        linear_funcs.linear_v2(ctx.xp, x.data, weight.data, bias.data, transpose_weight, data)


class LinearV2GradOp(GradOp):
    """input@GRAD, weight@GRAD, bias@GRAD: their forward inputs' meta."""


class LinearV2GradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("input")
        weight = ctx.input("weight")
        out_grad = ctx.input("out@GRAD")
        input_grad = ctx.output("input@GRAD")
        weight_grad = ctx.output("weight@GRAD")
        bias_grad = ctx.output("bias@GRAD")
        transpose_weight = ctx.attr("transpose_weight")
        linear_funcs.linear_v2_grad(
            ctx.xp, x.data, weight.data, out_grad.data, transpose_weight,
            None if input_grad is None else input_grad.mutable_data(ctx.place, x.dtype),
            None if weight_grad is None else weight_grad.mutable_data(ctx.place, x.dtype),
            None if bias_grad is None else bias_grad.mutable_data(ctx.place, x.dtype))


register_operator("linear_v2", LinearV2Op)
register_operator("linear_v2_grad", LinearV2GradOp)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("linear_v2", _backend, LinearV2Kernel, _dtype)
        register_op_kernel("linear_v2_grad", _backend, LinearV2GradKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {"linear_v2": [{"name": "batched", "inputs": {
    "input": (2, 3, 4), "weight": (4, 5), "bias": (5,)}}],
    "linear_v2_grad": [{"name": "batched", "inputs": {
        "input": (2, 3, 4), "weight": (4, 5), "bias": (5,), "out@GRAD": (2, 3, 5)}}]}
