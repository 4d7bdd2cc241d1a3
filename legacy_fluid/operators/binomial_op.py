"""binomial: an int64 Binomial(count, prob) draw per element (count and prob of one dims
and float type). Process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class BinomialOp(OperatorWithKernel):
    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "count"), ctx.place)


class BinomialKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        count = ctx.input("count")
        prob = ctx.input("prob")
        out = ctx.output("out")
        data = out.mutable_data(ctx.place, DataType.INT64)
        random_funcs.binomial(ctx.xp, count.data, prob.data, data)


VERIFY_CASES = [{"name": "counts", "inputs": {
    "count": {"shape": (3, 4), "low": 0, "high": 20},
    "prob": {"shape": (3, 4), "low": 0, "high": 1}}}]

register_operator("binomial", BinomialOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("binomial", "CPU", BinomialKernel, _dtype)
    register_op_kernel("binomial", "GPU", BinomialKernel, _dtype)
