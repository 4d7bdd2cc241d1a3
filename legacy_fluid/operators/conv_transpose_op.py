"""conv2d_transpose, depthwise_conv2d_transpose and conv3d_transpose: the gradient of a
convolution with respect to its input, used as a learned upsampling. Input is 4-D or 5-D
for each of the three (2 or 3 spatial dims, as in Paddle 3.3.1), channel-first unless
data_format is "NHWC"; Filter [in_channels, out_channels / groups, *kernel].

The ops compute the same math (a GEMM per group, then col2im tap by tap); the 2-D ones
differ in the default of `use_cudnn`. output_size and output_padding extend the output at the
bottom / right (output_size within [inferred, inferred + stride), output_padding below
the stride). An output_size held in tensors (a VARS attribute) is not supported.
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
from legacy_fluid.framework.var_type import AttrType
from legacy_fluid.operators.conv_op import ConvOp
from phi.common import DataType
from phi.kernels.funcs import conv_transpose as ct_funcs


def _add_extras(maker: OpProtoAndCheckerMaker, use_cudnn_default: bool) -> None:
    """Framework / oneDNN knobs Paddle 3.3.1 knows for these ops (all extra)."""
    extras = [
        ("is_test", AttrType.BOOLEAN, False), ("use_cudnn", AttrType.BOOLEAN, use_cudnn_default),
        ("use_mkldnn", AttrType.BOOLEAN, False), ("use_onednn", AttrType.BOOLEAN, False),
        ("force_fp32_output", AttrType.BOOLEAN, False),
        ("mkldnn_data_type", AttrType.STRING, "float32"),
        ("onednn_data_type", AttrType.STRING, ""),
        ("fuse_relu", AttrType.BOOLEAN, False), ("fuse_activation", AttrType.STRING, ""),
        ("fuse_alpha", AttrType.FLOAT, 0.0), ("fuse_beta", AttrType.FLOAT, 0.0),
        ("workspace_size_MB", AttrType.INT, 512),
    ]
    for name, type_, default in extras:
        maker.add_attr(name, type_, default, extra=True)


class Conv2DTransposeOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "input image, NCHW or NHWC per data_format")
        self.add_input("Filter", "filter [in_channels, out_channels / groups, kh, kw]")
        self.add_input("Bias", "oneDNN fusion only: per-channel bias", dispensable=True,
                       extra=True)
        self.add_output("Output", "the transposed convolution, in data_format's layout")
        self.add_attr("strides", AttrType.INTS, [1, 1], "stride per spatial dim")
        self.add_attr("paddings", AttrType.INTS, [0, 0],
                      "[pad_h, pad_w] or [top, bottom, left, right], cut from the output")
        self.add_attr("output_padding", AttrType.INTS, [],
                      "extra rows / columns at the bottom / right (each below the stride)")
        self.add_attr("output_size", AttrType.INTS, [],
                      "output [h, w], within [inferred, inferred + stride)")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "EXPLICIT (use paddings), SAME or VALID")
        self.add_attr("groups", AttrType.INT, 1, "number of channel groups")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "dilation per spatial dim")
        self.add_attr("data_format", AttrType.STRING, "NCHW",
                      "NCHW, NHWC or AnyLayout (= NCHW) for Input and Output")


class Conv2DTransposeCudnnOpMaker(Conv2DTransposeOpMaker):
    def make(self) -> None:
        super().make()
        _add_extras(self, use_cudnn_default=True)


class DepthwiseConv2DTransposeOpMaker(Conv2DTransposeOpMaker):
    def make(self) -> None:
        super().make()
        _add_extras(self, use_cudnn_default=False)


class ConvTransposeOp(ConvOp):
    """conv2d's operator (kernel type from Input, Filter of the same dtype), its own dims:
    2 or 3 spatial dims as Input is 4-D or 5-D, whichever of the three ops."""

    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = ct_funcs.conv_transpose_out_dims(
            ctx.get_input_dim("Input"), ctx.get_input_dim("Filter"), ctx.attr("strides"),
            ctx.attr("paddings"), ctx.attr("output_padding"), ctx.attr("output_size"),
            ctx.attr("padding_algorithm"), ctx.attr("groups"), ctx.attr("dilations"),
            ctx.attr("data_format"), ctx.op_type)
        ctx.set_output_dim("Output", dims)
        ctx.set_output_dtype("Output", ctx.get_input_dtype("Input"))


class ConvTransposeKernel(OpKernel):
    """conv2d_transpose and depthwise_conv2d_transpose (a 4-D or 5-D Input each)."""

    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        output_padding = ctx.attr("output_padding")
        output_size = ctx.attr("output_size")
        padding_algorithm = ctx.attr("padding_algorithm")
        groups = ctx.attr("groups")
        dilations = ctx.attr("dilations")
        data_format = ctx.attr("data_format")
        if ctx.has_input("Bias"):
            raise UnsupportedOpVariantError(
                ctx.op_type, "a fed Bias input (oneDNN fusion)",
                "export the program without oneDNN fusion passes (plain Input + Filter)")
        output.resize(ct_funcs.conv_transpose_out_dims(
            input_.dims, filter_.dims, strides, paddings, output_padding, output_size,
            padding_algorithm, groups, dilations, data_format, ctx.op_type))
        data = output.mutable_data(ctx.place, input_.dtype)
        ct_funcs.conv_transpose(ctx.xp, input_.data, filter_.data, strides, paddings,
                                padding_algorithm, groups, dilations, data_format, data,
                                ctx.op_type)


class Conv3DTransposeKernel(OpKernel):
    """conv3d_transpose (no Bias slot; its output dims are infer_shape's)."""

    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        groups = ctx.attr("groups")
        dilations = ctx.attr("dilations")
        data_format = ctx.attr("data_format")
        data = output.mutable_data(ctx.place, input_.dtype)
        ct_funcs.conv_transpose(ctx.xp, input_.data, filter_.data, strides, paddings,
                                padding_algorithm, groups, dilations, data_format, data,
                                ctx.op_type)


register_operator("conv3d_transpose", ConvTransposeOp)
for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
    register_op_kernel("conv3d_transpose", "CPU", Conv3DTransposeKernel, _dtype)
    register_op_kernel("conv3d_transpose", "GPU", Conv3DTransposeKernel, _dtype)
register_operator("conv2d_transpose", ConvTransposeOp, Conv2DTransposeCudnnOpMaker)
register_operator("depthwise_conv2d_transpose", ConvTransposeOp, DepthwiseConv2DTransposeOpMaker)
for _op in ("conv2d_transpose", "depthwise_conv2d_transpose"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", ConvTransposeKernel, _dtype)
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
        register_op_kernel(_op, "GPU", ConvTransposeKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "conv2d_transpose": [
        {"name": "3x3 stride 2 pad 1 output_padding 1",
         "inputs": {"Input": (2, 4, 5, 5), "Filter": (4, 3, 3, 3)},
         "attrs": {"strides": [2, 2], "paddings": [1, 1], "output_padding": [1, 1]}},
        {"name": "2x2 stride 2, groups 2, NHWC",
         "inputs": {"Input": (2, 5, 4, 6), "Filter": (6, 2, 2, 2)},
         "attrs": {"strides": [2, 2], "groups": 2, "data_format": "NHWC"}},
    ],
    "conv3d_transpose": [
        {"name": "2x3x3 stride 2 pad 1, groups 2",
         "inputs": {"Input": (1, 4, 3, 4, 4), "Filter": (4, 2, 2, 3, 3)},
         "attrs": {"strides": [2, 2, 2], "paddings": [1, 1, 1], "groups": 2}},
    ],
    "depthwise_conv2d_transpose": [
        {"name": "depthwise 3x3 stride 2", "inputs": {"Input": (1, 3, 4, 4),
                                                       "Filter": (3, 1, 3, 3)},
         "attrs": {"groups": 3, "strides": [2, 2], "paddings": [1, 1]}},
    ],
}
