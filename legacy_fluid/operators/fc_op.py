"""fc: Out = act(Input flattened at in_num_col_dims @ W + Bias).

What Paddle's inference passes make of mul / matmul_v2 + elementwise_add (+ relu).
`padding_weights` (a W padded for oneDNN) is not supported.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import (
    OpKernel,
    UnsupportedOpVariantError,
    register_op_kernel,
)
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import fused as fused_funcs


class FCKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        w = ctx.input("W")
        bias = ctx.input("Bias")
        out = ctx.output("Out")
        in_num_col_dims = ctx.attr("in_num_col_dims")
        activation_type = ctx.attr("activation_type")
        padding_weights = ctx.attr("padding_weights")
        if padding_weights:
            raise UnsupportedOpVariantError(ctx.op_type, "padding_weights (a padded W)",
                                            "W must be the plain [K, N] matrix")
        data = out.mutable_data(ctx.place, input_.dtype)
        fused_funcs.fc(ctx.xp, input_.data, w.data, None if bias is None else bias.data,
                       in_num_col_dims, activation_type, data)


VERIFY_CASES = [
    {"name": "2-D + bias + relu", "inputs": {"Input": (3, 4), "W": (4, 5), "Bias": (5,)},
     "attrs": {"activation_type": "relu"}},
    {"name": "3-D at 2, no bias", "inputs": {"Input": (2, 3, 4), "W": (4, 6), "Bias": None},
     "attrs": {"in_num_col_dims": 2}},
]

register_operator("fc", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("fc", "CPU", FCKernel, _dtype)
    register_op_kernel("fc", "GPU", FCKernel, _dtype)
