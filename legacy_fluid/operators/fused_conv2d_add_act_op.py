"""fused_conv2d_add_act: Output = act(conv2d(Input, Filter) + Bias + ResidualData).

What Paddle's inference passes (and fluidphi's plan passes) make of a conv2d
followed by batch_norm / a bias add / a residual add / an activation. Paddle
registers it for GPU; fluidphi computes it on every device with the conv2d math
and the activation in place. `split_channels` (several Outputs) is not
supported.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import (
    OpKernel,
    UnsupportedOpVariantError,
    register_op_kernel,
)
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import fused as fused_funcs


class FusedConv2DAddActOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "input image, NCHW or NHWC per data_format")
        self.add_input("Filter", "filter [out_channels, in_channels / groups, kh, kw]")
        self.add_input("Bias", "per output channel, added after the convolution",
                       dispensable=True)
        self.add_input("ResidualData", "a tensor of Output's dims added before the activation",
                       dispensable=True)
        self.add_output("Output", "act(conv + bias + residual)")
        self.add_output("Outputs", "split_channels outputs (not supported)", duplicable=True,
                        dispensable=True)
        self.add_attr("strides", AttrType.INTS, [1, 1], "stride per spatial dim")
        self.add_attr("paddings", AttrType.INTS, [0, 0],
                      "[pad_h, pad_w] or [top, bottom, left, right]")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "EXPLICIT (use paddings), SAME or VALID")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "dilation per spatial dim")
        self.add_attr("groups", AttrType.INT, 1, "number of channel groups")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "NCHW or NHWC")
        self.add_attr("activation", AttrType.STRING, "relu",
                      "identity, relu, relu6, sigmoid, tanh or leaky_relu")
        self.add_attr("split_channels", AttrType.INTS, [], "channels per Outputs entry")
        self.add_attr("exhaustive_search", AttrType.BOOLEAN, False, "cuDNN algorithm search")
        self.add_attr("workspace_size_MB", AttrType.INT, 32, "cuDNN workspace limit")
        self.add_attr("fuse_alpha", AttrType.FLOAT, 0.0, "leaky_relu's negative slope")


class FusedConv2DAddActOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = conv_funcs.conv2d_out_dims(
            ctx.get_input_dim("Input"), ctx.get_input_dim("Filter"), ctx.attr("strides"),
            ctx.attr("paddings"), ctx.attr("padding_algorithm"), ctx.attr("dilations"),
            ctx.attr("groups"), ctx.attr("data_format"))
        ctx.set_output_dim("Output", dims)
        ctx.set_output_dtype("Output", ctx.get_input_dtype("Input"))


class FusedConv2DAddActKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        bias = ctx.input("Bias")
        residual = ctx.input("ResidualData")
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        dilations = ctx.attr("dilations")
        groups = ctx.attr("groups")
        data_format = ctx.attr("data_format")
        activation = ctx.attr("activation")
        split_channels = ctx.attr("split_channels")
        fuse_alpha = ctx.attr("fuse_alpha")
        if split_channels:
            raise UnsupportedOpVariantError(ctx.op_type, "split_channels (several Outputs)",
                                            "one Output is computed")
        data = output.mutable_data(ctx.place, input_.dtype)
        fused_funcs.conv2d_add_act(
            ctx.xp, input_.data, filter_.data, None if bias is None else bias.data,
            None if residual is None else residual.data, strides, paddings, padding_algorithm,
            dilations, groups, data_format, activation, fuse_alpha, data)


VERIFY_CASES = [
    {"name": "bias + relu", "inputs": {"Input": (2, 4, 6, 6), "Filter": (5, 4, 3, 3),
                                       "Bias": (5,), "ResidualData": None},
     "attrs": {"paddings": [1, 1]}, "outputs": ["Output"]},
    {"name": "bias + residual, identity, NHWC", "inputs": {
        "Input": (1, 5, 5, 4), "Filter": (4, 4, 1, 1), "Bias": (4,),
        "ResidualData": (1, 5, 5, 4)},
     "attrs": {"activation": "identity", "data_format": "NHWC"}, "outputs": ["Output"]},
]

register_operator("fused_conv2d_add_act", FusedConv2DAddActOp, FusedConv2DAddActOpMaker)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("fused_conv2d_add_act", "CPU", FusedConv2DAddActKernel, _dtype)
    register_op_kernel("fused_conv2d_add_act", "GPU", FusedConv2DAddActKernel, _dtype)
