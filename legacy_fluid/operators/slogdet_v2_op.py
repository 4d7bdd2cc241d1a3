"""slogdet_v2: the sign (x's type; det / |det| for complex) and log|det| (real) of square
matrices x [..., n, n] as two outputs. Math in phi.kernels.funcs.linalg_matrix."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import linalg_matrix as mat_funcs
from phi.kernels.funcs.unary_math import abs_out_dtype


class SlogdetV2Kernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("x")
        sign = ctx.output("sign")
        logdet = ctx.output("logdet")
        mat_funcs.slogdet_v2(ctx.xp, x.data, sign.mutable_data(ctx.place, x.dtype),
                             logdet.mutable_data(ctx.place, abs_out_dtype(x.dtype)))


register_operator("slogdet_v2", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.COMPLEX64, DataType.COMPLEX128):
        register_op_kernel("slogdet_v2", _backend, SlogdetV2Kernel, _dtype)
