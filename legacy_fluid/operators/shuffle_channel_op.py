"""shuffle_channel: the ShuffleNet channel shuffle of an NCHW X by `group` (channel_shuffle's
older op, NCHW only); math in phi.kernels.funcs.vision_shuffle."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_shuffle as shuffle_funcs


class ShuffleChannelOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("Out", shuffle_funcs.channel_shuffle_dims(
            ctx.get_input_dim("X"), ctx.attr("group"), "NCHW"))
        ctx.set_output_dtype("Out", ctx.get_input_dtype("X"))


class ShuffleChannelKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        group = ctx.attr("group")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.channel_shuffle(ctx.xp, x.data, group, "NCHW", data)


register_operator("shuffle_channel", ShuffleChannelOp)
# float32 only: Paddle's float64 kernel leaves half of each plane unwritten (DTYPE_GAPS of
# tests/conformance/op_cases/vision_shuffle.py)
register_op_kernel("shuffle_channel", "CPU", ShuffleChannelKernel, DataType.FLOAT32)
register_op_kernel("shuffle_channel", "GPU", ShuffleChannelKernel, DataType.FLOAT32)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "group 3", "attrs": {"group": 3}, "inputs": {"X": (2, 6, 2, 2)},
                 "dtypes": ["float32"]}]
