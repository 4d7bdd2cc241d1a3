"""pixel_shuffle, pixel_unshuffle, channel_shuffle and temporal_shift: 4-D rearrangements
(NCHW or NHWC). Element order and shape rules: phi.kernels.funcs.vision_shuffle."""

from __future__ import annotations

from abc import abstractmethod

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from phi.common import DataType
from phi.kernels.funcs import vision_shuffle as shuffle_funcs


class _ShuffleOp(OperatorWithKernel):
    """X -> Out of `out_dims(x dims, attrs)`, X's dtype."""

    @abstractmethod
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        """Each op of the family defines this."""

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        return OpKernelType(self.indicate_var_data_type(ctx, "X"), ctx.place)


class PixelShuffleOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.pixel_shuffle_dims(ctx.get_input_dim("X"),
                                                ctx.attr("upscale_factor"),
                                                ctx.attr("data_format"))


class PixelShuffleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        upscale_factor = ctx.attr("upscale_factor")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.pixel_shuffle(ctx.xp, x.data, upscale_factor, data_format, data)


class PixelUnshuffleOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.pixel_unshuffle_dims(ctx.get_input_dim("X"),
                                                  ctx.attr("downscale_factor"),
                                                  ctx.attr("data_format"))


class PixelUnshuffleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        downscale_factor = ctx.attr("downscale_factor")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.pixel_unshuffle(ctx.xp, x.data, downscale_factor, data_format, data)


class ChannelShuffleOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.channel_shuffle_dims(ctx.get_input_dim("X"), ctx.attr("groups"),
                                                  ctx.attr("data_format"))


class ChannelShuffleKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        groups = ctx.attr("groups")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.channel_shuffle(ctx.xp, x.data, groups, data_format, data)


class TemporalShiftOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.temporal_shift_dims(ctx.get_input_dim("X"), ctx.attr("seg_num"),
                                                 ctx.attr("shift_ratio"),
                                                 ctx.attr("data_format"))


class TemporalShiftKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        x = ctx.input("X")
        out = ctx.output("Out")
        seg_num = ctx.attr("seg_num")
        shift_ratio = ctx.attr("shift_ratio")
        data_format = ctx.attr("data_format")
        data = out.mutable_data(ctx.place, x.dtype)
        shuffle_funcs.temporal_shift(ctx.xp, x.data, seg_num, shift_ratio, data_format, data)


register_operator("pixel_shuffle", PixelShuffleOp)
register_operator("pixel_unshuffle", PixelUnshuffleOp)
register_operator("channel_shuffle", ChannelShuffleOp)
register_operator("temporal_shift", TemporalShiftOp)
for _op, _kernel in (("pixel_shuffle", PixelShuffleKernel),
                     ("pixel_unshuffle", PixelUnshuffleKernel),
                     ("channel_shuffle", ChannelShuffleKernel),
                     ("temporal_shift", TemporalShiftKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "pixel_shuffle": [{"name": "r2 NCHW", "inputs": {"X": (2, 8, 2, 3)},
                       "attrs": {"upscale_factor": 2}},
                      {"name": "r2 NHWC", "inputs": {"X": (1, 2, 3, 8)},
                       "attrs": {"upscale_factor": 2, "data_format": "NHWC"}}],
    "pixel_unshuffle": [{"name": "r2 NCHW", "inputs": {"X": (2, 2, 4, 6)},
                         "attrs": {"downscale_factor": 2}}],
    "channel_shuffle": [{"name": "g3 NCHW", "inputs": {"X": (2, 6, 2, 2)},
                         "attrs": {"groups": 3}},
                        {"name": "g2 NHWC", "inputs": {"X": (2, 2, 2, 4)},
                         "attrs": {"groups": 2, "data_format": "NHWC"}}],
    "temporal_shift": [{"name": "seg 2", "inputs": {"X": (4, 8, 2, 2)},
                        "attrs": {"seg_num": 2}},
                       {"name": "seg 3 NHWC", "inputs": {"X": (6, 2, 2, 8)},
                        "attrs": {"seg_num": 3, "shift_ratio": 0.3, "data_format": "NHWC"}}],
}
