"""Grads of the rearranging layers: pixel_shuffle_grad, pixel_unshuffle_grad,
channel_shuffle_grad, shuffle_channel_grad and temporal_shift_grad. Slots as Paddle's grad
OpDescs (Out@GRAD -> X@GRAD: X is not an input) and the forward's attributes; X@GRAD's
dims are the inverse rearrangement's of Out@GRAD's. Math:
phi.kernels.funcs.vision_shuffle_grad (shuffle_channel_grad is the inverse shuffle, where
Paddle 3.3.1 applies the forward shuffle again: see tests/conformance/op_cases/
vision_shuffle_grad.py).
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.kernel_table import OpKernelRow, register_op_table
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.operators.kernel_templates import FlatGradKernel
from phi.common import DataType
from phi.kernels.funcs import vision_shuffle_grad as shuffle_grad

_FLOAT = (DataType.FLOAT32, DataType.FLOAT64)


class _ShuffleGradOp(GradOp):
    """Out@GRAD -> X@GRAD of `x_grad_dims(Out@GRAD dims, attrs)`, Out@GRAD's dtype."""

    def x_grad_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return tuple(ctx.get_input_dim("Out@GRAD"))

    def infer_shape(self, ctx: InferShapeContext) -> None:
        ctx.set_output_dim("X@GRAD", self.x_grad_dims(ctx))
        ctx.set_output_dtype("X@GRAD", ctx.get_input_dtype("Out@GRAD"))


class PixelShuffleGradOp(_ShuffleGradOp):
    def x_grad_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_grad.pixel_shuffle_grad_dims(ctx.get_input_dim("Out@GRAD"),
                                                    ctx.attr("upscale_factor"),
                                                    ctx.attr("data_format"))


class PixelUnshuffleGradOp(_ShuffleGradOp):
    def x_grad_dims(self, ctx: InferShapeContext) -> tuple[int, ...]:
        return shuffle_grad.pixel_unshuffle_grad_dims(ctx.get_input_dim("Out@GRAD"),
                                                      ctx.attr("downscale_factor"),
                                                      ctx.attr("data_format"))


class ShuffleChannelGradKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        out_grad = ctx.input("Out@GRAD")
        x_grad = ctx.output("X@GRAD")
        group = ctx.attr("group")
        data = x_grad.mutable_data(ctx.place, out_grad.dtype)
        shuffle_grad.channel_shuffle_grad(ctx.xp, out_grad.data, group, "NCHW", data)


def _verify(name: str, out_grad: tuple[int, ...], **attrs: object) -> dict:
    return {"name": name, "inputs": {"Out@GRAD": out_grad}, "attrs": attrs}


#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "pixel_shuffle_grad": [_verify("r2 NCHW", (2, 2, 4, 6), upscale_factor=2),
                           _verify("r2 NHWC", (1, 6, 4, 2), upscale_factor=2,
                                   data_format="NHWC")],
    "pixel_unshuffle_grad": [_verify("r2 NCHW", (2, 8, 2, 3), downscale_factor=2)],
    "channel_shuffle_grad": [_verify("g3 NCHW", (2, 6, 2, 2), groups=3),
                             _verify("g2 NHWC", (2, 2, 2, 4), groups=2, data_format="NHWC")],
    "shuffle_channel_grad": [_verify("g2", (2, 6, 2, 2), group=2)],
    "temporal_shift_grad": [_verify("seg 2", (4, 8, 2, 2), seg_num=2)],
}

register_operator("pixel_shuffle_grad", PixelShuffleGradOp)
register_operator("pixel_unshuffle_grad", PixelUnshuffleGradOp)
register_operator("channel_shuffle_grad", _ShuffleGradOp)
register_operator("shuffle_channel_grad", _ShuffleGradOp)
register_operator("temporal_shift_grad", _ShuffleGradOp)
#: (grad op, kernel class, funcs function, dtypes, forward attributes read and passed
#: after Out@GRAD)
register_op_table(FlatGradKernel, [
    OpKernelRow("pixel_shuffle_grad", "PixelShuffleGradKernel", shuffle_grad.pixel_shuffle_grad,
                _FLOAT, attrs=("upscale_factor", "data_format")),
    OpKernelRow("pixel_unshuffle_grad", "PixelUnshuffleGradKernel",
                shuffle_grad.pixel_unshuffle_grad, _FLOAT,
                attrs=("downscale_factor", "data_format")),
    OpKernelRow("channel_shuffle_grad", "ChannelShuffleGradKernel",
                shuffle_grad.channel_shuffle_grad, _FLOAT, attrs=("groups", "data_format")),
    OpKernelRow("temporal_shift_grad", "TemporalShiftGradKernel",
                shuffle_grad.temporal_shift_grad, _FLOAT,
                attrs=("seg_num", "shift_ratio", "data_format")),
])
for _backend in ("CPU", "GPU"):
    for _dtype in _FLOAT:
        register_op_kernel("shuffle_channel_grad", _backend, ShuffleChannelGradKernel, _dtype)
