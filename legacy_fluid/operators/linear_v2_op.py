"""linear_v2: out = input @ weight (weight^T with transpose_weight) + bias (bias 0-d or 1-D of
N or 1 elements). Shapes: the PHI kernel's InferMeta. Math in phi.kernels.funcs.linear_v2."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
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


register_operator("linear_v2", LinearV2Op)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("linear_v2", _backend, LinearV2Kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "batched", "inputs": {"input": (2, 3, 4), "weight": (4, 5),
                                               "bias": (5,)}}]
