"""Backward ops of the transposed convolutions: conv2d_transpose_grad,
depthwise_conv2d_transpose_grad and conv3d_transpose_grad (Input@GRAD and Filter@GRAD,
either may be left out; a 4-D or 5-D Input for each, as their forwards).

Slots and attributes are those of Paddle's grad OpDescs (the 2-D forwards', with their
empty Bias slot; conv3d_transpose_grad's proto is backward.yaml's); the math is
phi.kernels.funcs.conv_transpose_grad.
"""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import conv_transpose_grad as ct_grad_funcs


class Conv2DTransposeGradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the forward's input image")
        self.add_input("Filter", "the forward's filter [in, out / groups, kh, kw]")
        self.add_input("Bias", "the forward's (oneDNN) bias; must be absent",
                       dispensable=True)
        self.add_input("Output@GRAD", "gradient of Output")
        self.add_output("Input@GRAD", "gradient of Input", dispensable=True)
        self.add_output("Filter@GRAD", "gradient of Filter", dispensable=True)
        self.add_attr("strides", AttrType.INTS, [1, 1], "the forward's strides")
        self.add_attr("paddings", AttrType.INTS, [0, 0], "the forward's paddings")
        self.add_attr("output_padding", AttrType.INTS, [], "the forward's output_padding")
        self.add_attr("output_size", AttrType.INTS, [], "the forward's output_size")
        self.add_attr("padding_algorithm", AttrType.STRING, "EXPLICIT",
                      "the forward's EXPLICIT, SAME or VALID")
        self.add_attr("groups", AttrType.INT, 1, "the forward's groups")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "the forward's dilations")
        self.add_attr("data_format", AttrType.STRING, "NCHW", "the forward's data_format")


class ConvTransposeGradKernel(OpKernel):
    """conv2d_transpose_grad, depthwise_conv2d_transpose_grad and conv3d_transpose_grad
    (the same math)."""

    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        filter_ = ctx.input("Filter")
        output_grad = ctx.input("Output@GRAD")
        input_grad = ctx.output("Input@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        if ctx.has_input("Bias"):
            raise ValueError(f"op '{ctx.op_type}': a Bias input (oneDNN fusion) has no "
                             f"gradient here; export the program without fusion passes")
        dx = None if input_grad is None else input_grad.mutable_data(ctx.place, input_.dtype)
        dw = None if filter_grad is None else filter_grad.mutable_data(ctx.place, filter_.dtype)
        ct_grad_funcs.conv_transpose_grad(
            ctx.xp, input_.data, filter_.data, output_grad.data, ctx.attr("strides"),
            ctx.attr("paddings"), ctx.attr("padding_algorithm"), ctx.attr("groups"),
            ctx.attr("dilations"), ctx.attr("data_format"), dx, dw, ctx.op_type)


#: the forwards' cases (conv_transpose_op.py) with Output@GRAD of the forward's output shape
VERIFY_CASES = {
    "conv2d_transpose_grad": [
        {"name": "3x3 stride 2 pad 1 output_padding 1",
         "inputs": {"Input": (2, 4, 5, 5), "Filter": (4, 3, 3, 3),
                    "Output@GRAD": (2, 3, 10, 10)},
         "attrs": {"strides": [2, 2], "paddings": [1, 1], "output_padding": [1, 1]}},
        {"name": "2x2 stride 2, groups 2, NHWC",
         "inputs": {"Input": (2, 5, 4, 6), "Filter": (6, 2, 2, 2),
                    "Output@GRAD": (2, 10, 8, 4)},
         "attrs": {"strides": [2, 2], "groups": 2, "data_format": "NHWC"}},
    ],
    "conv3d_transpose_grad": [
        {"name": "2x3x3 stride 2 pad 1, groups 2",
         "inputs": {"Input": (1, 4, 3, 4, 4), "Filter": (4, 2, 2, 3, 3),
                    "Output@GRAD": (1, 4, 4, 7, 7)},
         "attrs": {"strides": [2, 2, 2], "paddings": [1, 1, 1], "groups": 2}},
    ],
    "depthwise_conv2d_transpose_grad": [
        {"name": "depthwise 3x3 stride 2",
         "inputs": {"Input": (1, 3, 4, 4), "Filter": (3, 1, 3, 3), "Output@GRAD": (1, 3, 7, 7)},
         "attrs": {"groups": 3, "strides": [2, 2], "paddings": [1, 1]}},
    ],
}

register_operator("conv2d_transpose_grad", GradOp, Conv2DTransposeGradOpMaker)
register_operator("depthwise_conv2d_transpose_grad", GradOp, Conv2DTransposeGradOpMaker)
register_operator("conv3d_transpose_grad", GradOp)
for _op in ("conv2d_transpose_grad", "depthwise_conv2d_transpose_grad", "conv3d_transpose_grad"):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        for _place in ("CPU", "GPU"):
            register_op_kernel(_op, _place, ConvTransposeGradKernel, _dtype)
