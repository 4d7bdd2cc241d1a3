"""conv2d and depthwise_conv2d: 2-D convolution of Input (NCHW or NHWC) by Filter (OIHW).

Both ops compute the same math (one grouped im2col GEMM per image, depthwise
included, with im2col and padding in reused device workspaces); they differ in
the attribute order of their protos and in the default of `use_cudnn`.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext, InferShapeContext
from legacy_fluid.framework.op_kernel import (
    OpKernel,
    UnsupportedOpVariantError,
    register_op_kernel,
)
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import conv as conv_funcs


def _add_conv_extras(maker: OpProtoAndCheckerMaker, use_cudnn_default: bool) -> None:
    """Framework / oneDNN / quantization knobs conv programs may carry (all extra)."""
    extras = [
        ("is_test", AttrType.BOOLEAN, False), ("use_cudnn", AttrType.BOOLEAN, use_cudnn_default),
        ("fuse_relu_before_depthwise_conv", AttrType.BOOLEAN, False),
        ("use_mkldnn", AttrType.BOOLEAN, False), ("use_onednn", AttrType.BOOLEAN, False),
        ("use_quantizer", AttrType.BOOLEAN, False),
        ("mkldnn_data_type", AttrType.STRING, "float32"),
        ("onednn_data_type", AttrType.STRING, ""),
        ("fuse_relu", AttrType.BOOLEAN, False), ("fuse_activation", AttrType.STRING, ""),
        ("fuse_alpha", AttrType.FLOAT, 0.0), ("fuse_beta", AttrType.FLOAT, 0.0),
        ("use_addto", AttrType.BOOLEAN, False),
        ("fuse_residual_connection", AttrType.BOOLEAN, False),
        ("Scale_in", AttrType.FLOAT, 1.0), ("Scale_out", AttrType.FLOAT, 1.0),
        ("Scale_in_eltwise", AttrType.FLOAT, 1.0), ("Scale_weights", AttrType.FLOATS, [1.0]),
        ("force_fp32_output", AttrType.BOOLEAN, False),
        ("workspace_size_MB", AttrType.INT, 512), ("exhaustive_search", AttrType.BOOLEAN, False),
    ]
    for name, type_, default in extras:
        maker.add_attr(name, type_, default, extra=True)


def _add_conv_slots(maker: OpProtoAndCheckerMaker) -> None:
    maker.add_input("Input", "input image, NCHW or NHWC per data_format")
    maker.add_input("Filter", "filter [out_channels, in_channels / groups, kh, kw]")
    maker.add_input("Bias", "oneDNN fusion only: per-channel bias", dispensable=True, extra=True)
    maker.add_input("ResidualData", "oneDNN fusion only: tensor added to the output",
                    dispensable=True, extra=True)
    maker.add_output("Output", "convolution result, in data_format's layout")


class Conv2DOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_conv_slots(self)
        self.add_attr("strides", AttrType.INTS, [1, 1], "stride per spatial dim")
        self.add_attr("paddings", AttrType.INTS, [0, 0],
                      "[pad_h, pad_w] or [top, bottom, left, right]")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "EXPLICIT (use paddings), SAME or VALID")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "dilation per spatial dim")
        self.add_attr("groups", AttrType.INT, 1, "number of channel groups")
        self.add_attr("data_format", AttrType.STRING, "NCHW",
                      "NCHW, NHWC or AnyLayout (= NCHW) for Input and Output")
        _add_conv_extras(self, use_cudnn_default=True)


class DepthwiseConv2DOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_conv_slots(self)
        self.add_attr("strides", AttrType.INTS, [1, 1], "stride per spatial dim")
        self.add_attr("paddings", AttrType.INTS, [0, 0],
                      "[pad_h, pad_w] or [top, bottom, left, right]")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "EXPLICIT (use paddings), SAME or VALID")
        self.add_attr("groups", AttrType.INT, 1, "number of channel groups (= input channels)")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "dilation per spatial dim")
        self.add_attr("data_format", AttrType.STRING, "NCHW",
                      "NCHW, NHWC or AnyLayout (= NCHW) for Input and Output")
        _add_conv_extras(self, use_cudnn_default=False)


class ConvOp(OperatorWithKernel):
    def infer_shape(self, ctx: InferShapeContext) -> None:
        dims = conv_funcs.conv2d_out_dims(
            ctx.get_input_dim("Input"), ctx.get_input_dim("Filter"), ctx.attr("strides"),
            ctx.attr("paddings"), ctx.attr("padding_algorithm"), ctx.attr("dilations"),
            ctx.attr("groups"), ctx.attr("data_format"))
        ctx.set_output_dim("Output", dims)
        ctx.set_output_dtype("Output", ctx.get_input_dtype("Input"))

    def get_expected_kernel_type(self, ctx: ExecutionContext) -> OpKernelType:
        """The Input's dtype; the Filter must have the same one."""
        dtype = self.indicate_var_data_type(ctx, "Input")
        filter_dtype = self.indicate_var_data_type(ctx, "Filter")
        if filter_dtype != dtype:
            raise TypeError(f"{self.type}: Input ({dtype}) and Filter ({filter_dtype}) must "
                            "have the same data type")
        return OpKernelType(dtype, ctx.place)


class ConvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        padding_algorithm = ctx.attr("padding_algorithm")
        dilations = ctx.attr("dilations")
        groups = ctx.attr("groups")
        data_format = ctx.attr("data_format")
        if ctx.has_input("Bias") or ctx.has_input("ResidualData"):
            raise UnsupportedOpVariantError(
                ctx.op_type, "a fed Bias or ResidualData input (oneDNN conv fusion)",
                "export the program without oneDNN fusion passes (plain Input + Filter)")
        x, w = input_.data, filter_.data
        data = output.mutable_data(ctx.place, input_.dtype)
        conv_funcs.conv2d(ctx.xp, x, w, strides, paddings, padding_algorithm, dilations, groups,
                          data_format, data, ctx.dev_ctx.workspace)


register_operator("conv2d", ConvOp, Conv2DOpMaker)
register_operator("depthwise_conv2d", ConvOp, DepthwiseConv2DOpMaker)
for _op in ("conv2d", "depthwise_conv2d"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", ConvKernel, _dtype)
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64, DataType.FLOAT16):
        register_op_kernel(_op, "GPU", ConvKernel, _dtype)

#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "conv2d": [
        {"name": "3x3 stride 2 pad 1", "inputs": {"Input": (2, 4, 7, 7), "Filter": (5, 4, 3, 3)},
         "attrs": {"strides": [2, 2], "paddings": [1, 1]}},
        {"name": "groups 2, NHWC, SAME", "inputs": {"Input": (2, 6, 5, 4),
                                                    "Filter": (6, 2, 3, 3)},
         "attrs": {"groups": 2, "data_format": "NHWC", "padding_algorithm": "SAME"}},
    ],
    "depthwise_conv2d": [
        {"name": "depthwise 3x3 pad 1", "inputs": {"Input": (2, 4, 6, 6),
                                                   "Filter": (4, 1, 3, 3)},
         "attrs": {"groups": 4, "paddings": [1, 1]}},
        {"name": "multiplier 2 stride 2", "inputs": {"Input": (1, 3, 7, 7),
                                                     "Filter": (6, 1, 3, 3)},
         "attrs": {"groups": 3, "paddings": [1, 1], "strides": [2, 2]}},
    ],
}
