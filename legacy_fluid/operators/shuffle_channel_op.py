"""shuffle_channel: the ShuffleNet channel shuffle of an NCHW X by `group` (channel_shuffle's
older op, NCHW only); math in phi.kernels.funcs.vision_shuffle (float64: the whole shuffle,
where Paddle 3.3.1 writes only the first half of each plane, see that module)."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_shuffle as shuffle_funcs


class ShuffleChannelKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        group = ctx.attr("group")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.channel_shuffle(ctx.xp, x.data, group, "NCHW", data)


register_operator("shuffle_channel", OperatorWithKernel)
for _backend in ("CPU", "GPU"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel("shuffle_channel", _backend, ShuffleChannelKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = [{"name": "group 3", "attrs": {"group": 3}, "inputs": {"X": (2, 6, 2, 2)}}]
