"""bilinear_tensor_product: Out[b, s] = X[b] Weight[s] Y[b]^T + Bias[0, s] (PHI: bilinear).
Math in phi.kernels.funcs.linalg."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg as la_funcs


class BilinearTensorProductKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        y = ctx.input("Y")
        weight = ctx.input("Weight")
        bias = ctx.input("Bias")
        out = ctx.output("Out")
        data = out.mutable_data(ctx.place, x.dtype)
        la_funcs.bilinear(ctx.xp, x.data, y.data, weight.data,
                          None if bias is None else bias.data, data)


register_operator("bilinear_tensor_product", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("bilinear_tensor_product", _backend, BilinearTensorProductKernel,
                           _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "with bias", "inputs": {"X": (3, 4), "Y": (3, 5),
                                                 "Weight": (2, 4, 5), "Bias": (1, 2)}}]
