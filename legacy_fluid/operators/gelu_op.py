"""gelu: x * Phi(x), exact (erf) or with the tanh approximation."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import gelu as gelu_funcs


class GeluKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        approximate = ctx.attr("approximate")
        data = out.mutable_data(ctx.place, x.dtype)
        gelu_funcs.gelu(ctx.xp, x.data, approximate, data)


register_operator("gelu", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("gelu", "CPU", GeluKernel, _dtype)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
    register_op_kernel("gelu", "GPU", GeluKernel, _dtype)
