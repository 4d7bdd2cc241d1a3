"""pixel_shuffle, pixel_unshuffle, channel_shuffle and temporal_shift: 4-D rearrangements
(NCHW or NHWC). Element order and shape rules: phi.kernels.funcs.vision_shuffle."""

from __future__ import annotations

from abc import abstractmethod

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.operators.kernel_templates import SameDtypeKernel
from phi.common import DataType
from phi.kernels.funcs import vision_shuffle as shuffle_funcs

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


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


class PixelUnshuffleOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.pixel_unshuffle_dims(ctx.get_input_dim("X"),
                                                  ctx.attr("downscale_factor"),
                                                  ctx.attr("data_format"))


class ChannelShuffleOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.channel_shuffle_dims(ctx.get_input_dim("X"), ctx.attr("groups"),
                                                  ctx.attr("data_format"))


class TemporalShiftOp(_ShuffleOp):
    def out_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_funcs.temporal_shift_dims(ctx.get_input_dim("X"), ctx.attr("seg_num"),
                                                 ctx.attr("shift_ratio"),
                                                 ctx.attr("data_format"))


register_operator("pixel_shuffle", PixelShuffleOp)
register_operator("pixel_unshuffle", PixelUnshuffleOp)
register_operator("channel_shuffle", ChannelShuffleOp)
register_operator("temporal_shift", TemporalShiftOp)
#: (op type, kernel class, funcs function, dtypes, attributes read and passed after X)
register_op_table(SameDtypeKernel, [
    OpKernelRow("pixel_shuffle", "PixelShuffleKernel", shuffle_funcs.pixel_shuffle, _FLOAT,
                attrs=("upscale_factor", "data_format")),
    OpKernelRow("pixel_unshuffle", "PixelUnshuffleKernel", shuffle_funcs.pixel_unshuffle,
                _FLOAT, attrs=("downscale_factor", "data_format")),
    OpKernelRow("channel_shuffle", "ChannelShuffleKernel", shuffle_funcs.channel_shuffle,
                _FLOAT, attrs=("groups", "data_format")),
    OpKernelRow("temporal_shift", "TemporalShiftKernel", shuffle_funcs.temporal_shift, _FLOAT,
                attrs=("seg_num", "shift_ratio", "data_format")),
], by_dtype=True)

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
