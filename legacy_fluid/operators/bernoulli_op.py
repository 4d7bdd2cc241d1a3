"""bernoulli: 1 with probability X, else 0, in X's type; X outside [0, 1] (or NaN) is
refused. Draws from the process-wide generator, as Paddle's (phi.kernels.funcs.random)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import random as random_funcs


class BernoulliOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", ctx.get_input_dim("X"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


VERIFY_CASES = [{"name": "probabilities", "inputs": {"X": {"shape": (3, 4), "low": 0,
                                                           "high": 1}}}]

register_operator("bernoulli", BernoulliOp)
register_op_table(SameDtypeKernel, [
    OpKernelRow("bernoulli", "BernoulliKernel", random_funcs.bernoulli,
                (DataType.FLOAT32, DataType.FLOAT64)),
], by_dtype=True)
