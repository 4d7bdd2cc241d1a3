"""standard_gamma: one Gamma(x, 1) draw per element of x. Process-wide generator, as
Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class StandardGammaOp(OperatorWithKernel):
    """Shapes: its PHI kernel's InferMeta (the default)."""


class StandardGammaKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x, out = ctx.input("x"), ctx.output("out")
        random_funcs.standard_gamma(ctx.xp, x.data, out.mutable_data(ctx.place, x.dtype))


VERIFY_CASES = [{"name": "shapes", "inputs": {"x": {"shape": (3, 4), "low": 0.5,
                                                    "high": 3}}}]

register_operator("standard_gamma", StandardGammaOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("standard_gamma", "CPU", StandardGammaKernel, _dtype)
    register_op_kernel("standard_gamma", "GPU", StandardGammaKernel, _dtype)
