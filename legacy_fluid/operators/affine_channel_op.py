"""affine_channel: Out = X * Scale + Bias per channel (axis 1 for NCHW, last otherwise).
Math and shape rules: phi.kernels.funcs.vision_norm."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_norm as norm_funcs


class AffineChannelKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        scale = ctx.input("Scale")
        bias = ctx.input("Bias")
        out = ctx.output("Out")
        data_layout = ctx.attr("data_layout")
        data = out.mutable_data(ctx.place, x.dtype)
        norm_funcs.affine_channel(ctx.xp, x.data, scale.data, bias.data, data_layout, data)


register_operator("affine_channel", OperatorWithKernel)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("affine_channel", "CPU", AffineChannelKernel, _dtype)
    register_op_kernel("affine_channel", "GPU", AffineChannelKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "NCHW", "attrs": {"data_layout": "NCHW"},
                 "inputs": {"X": (2, 3, 4, 4), "Scale": (3,), "Bias": (3,)}}]
