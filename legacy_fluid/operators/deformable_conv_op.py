"""deformable_conv (DCN v2: Offset and Mask) and deformable_conv_v1 (Offset only): the
filter applied to bilinear samples of Input at kernel taps moved by Offset. Math and shape
rules: phi.kernels.funcs.conv. Their grads deformable_conv_grad (Input, Offset, Filter and
Mask gradients; proto from backward.yaml) and deformable_conv_v1_grad (no Mask; the v1
proto's attribute order): phi.kernels.funcs.deformable_conv_grad."""

from __future__ import annotations

from legacy_fluid.framework.execution_context import ExecutionContext
from legacy_fluid.framework.grad import GradOp
from legacy_fluid.framework.op_kernel import OpKernel, register_op_kernel
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType
from phi.common import DataType
from phi.kernels.funcs import conv as conv_funcs
from phi.kernels.funcs import deformable_conv_grad as dconv_grad_funcs


def _add_slots(maker: OpProtoAndCheckerMaker, with_mask: bool) -> None:
    maker.add_input("Input", "image [N, C, H, W]")
    maker.add_input("Offset", "(dy, dx) per deformable group and tap, [N, dg*kh*kw*2, oh, ow]")
    maker.add_input("Filter", "filter [O, C / groups, kh, kw]")
    if with_mask:
        maker.add_input("Mask", "weight per sample, [N, dg * kh * kw, oh, ow]")
    maker.add_output("Output", "[N, O, oh, ow]")
    maker.add_attr("strides", AttrType.INTS, [1, 1], "stride per spatial dim")
    maker.add_attr("paddings", AttrType.INTS, [0, 0], "zero padding per spatial dim")
    maker.add_attr("dilations", AttrType.INTS, [1, 1], "dilation per spatial dim")


class DeformableConvOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_slots(self, with_mask=True)
        self.add_attr("deformable_groups", AttrType.INT, 1, "channel groups sharing offsets")
        self.add_attr("groups", AttrType.INT, 1, "filter channel groups")
        self.add_attr("im2col_step", AttrType.INT, 64, "images per im2col batch")


class DeformableConvV1OpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        _add_slots(self, with_mask=False)
        self.add_attr("groups", AttrType.INT, 1, "filter channel groups")
        self.add_attr("deformable_groups", AttrType.INT, 1, "channel groups sharing offsets")
        self.add_attr("im2col_step", AttrType.INT, 64, "images per im2col batch")


class DeformableConvV1GradOpMaker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("Input", "the forward's image")
        self.add_input("Offset", "the forward's offsets")
        self.add_input("Filter", "the forward's filter")
        self.add_input("Output@GRAD", "gradient of Output")
        self.add_output("Input@GRAD", "gradient of Input", dispensable=True)
        self.add_output("Offset@GRAD", "gradient of Offset", dispensable=True)
        self.add_output("Filter@GRAD", "gradient of Filter", dispensable=True)
        self.add_attr("strides", AttrType.INTS, [1, 1], "the forward's strides")
        self.add_attr("paddings", AttrType.INTS, [0, 0], "the forward's paddings")
        self.add_attr("dilations", AttrType.INTS, [1, 1], "the forward's dilations")
        self.add_attr("groups", AttrType.INT, 1, "the forward's groups")
        self.add_attr("deformable_groups", AttrType.INT, 1, "the forward's deformable_groups")
        self.add_attr("im2col_step", AttrType.INT, 64, "the forward's im2col_step")


class DeformableConvKernel(OpKernel):
    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        offset = ctx.input("Offset")
        filter_ = ctx.input("Filter")
        mask = ctx.input("Mask") if ctx.has_input("Mask") else None
        output = ctx.output("Output")
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        groups = ctx.attr("groups")
        deformable_groups = ctx.attr("deformable_groups")
        data = output.mutable_data(ctx.place, input_.dtype)
        conv_funcs.deformable_conv(ctx.xp, input_.data, offset.data, filter_.data,
                                   None if mask is None else mask.data, strides, paddings,
                                   dilations, groups, deformable_groups, data,
                                   ctx.dev_ctx.workspace)


class DeformableConvGradKernel(OpKernel):
    """deformable_conv_grad and deformable_conv_v1_grad (no Mask, no Mask@GRAD)."""

    def compute(self, ctx: ExecutionContext) -> None:
        input_ = ctx.input("Input")
        offset = ctx.input("Offset")
        filter_ = ctx.input("Filter")
        mask = ctx.input("Mask") if ctx.has_input("Mask") else None
        output_grad = ctx.input("Output@GRAD")
        input_grad = ctx.output("Input@GRAD")
        offset_grad = ctx.output("Offset@GRAD")
        filter_grad = ctx.output("Filter@GRAD")
        mask_grad = ctx.output("Mask@GRAD") if ctx.has_output("Mask@GRAD") else None
        strides = ctx.attr("strides")
        paddings = ctx.attr("paddings")
        dilations = ctx.attr("dilations")
        groups = ctx.attr("groups")
        deformable_groups = ctx.attr("deformable_groups")
        dx = None if input_grad is None else input_grad.mutable_data(ctx.place, input_.dtype)
        doff = (None if offset_grad is None
                else offset_grad.mutable_data(ctx.place, offset.dtype))
        dw = None if filter_grad is None else filter_grad.mutable_data(ctx.place, filter_.dtype)
        dm = None if mask_grad is None else mask_grad.mutable_data(ctx.place, mask.dtype)
        dconv_grad_funcs.deformable_conv_grad(
            ctx.xp, input_.data, offset.data, filter_.data, None if mask is None else mask.data,
            output_grad.data, strides, paddings, dilations, groups, deformable_groups, dx,
            doff, dw, dm)


register_operator("deformable_conv", OperatorWithKernel, DeformableConvOpMaker)
register_operator("deformable_conv_v1", OperatorWithKernel, DeformableConvV1OpMaker)
register_operator("deformable_conv_grad", GradOp)
register_operator("deformable_conv_v1_grad", GradOp, DeformableConvV1GradOpMaker)
for _op, _kernel in (("deformable_conv", DeformableConvKernel),
                     ("deformable_conv_v1", DeformableConvKernel),
                     ("deformable_conv_grad", DeformableConvGradKernel),
                     ("deformable_conv_v1_grad", DeformableConvGradKernel)):
    for _dtype in (DataType.FLOAT32, DataType.FLOAT64):
        register_op_kernel(_op, "CPU", _kernel, _dtype)
        register_op_kernel(_op, "GPU", _kernel, _dtype)

_CASE = {"Input": (2, 4, 5, 5), "Filter": (6, 2, 3, 3),
         "Offset": {"shape": (2, 36, 5, 5), "low": -1.5, "high": 1.5}}
#: Parity / `migrate --verify` inputs (see compat.coverage.parity.explicit_cases).
VERIFY_CASES = {
    "deformable_conv": [{"name": "groups 2, deformable_groups 2, pad 1",
                         "attrs": {"groups": 2, "deformable_groups": 2, "paddings": [1, 1]},
                         "inputs": {**_CASE, "Mask": {"shape": (2, 18, 5, 5), "low": 0.0,
                                                      "high": 1.0}}}],
    "deformable_conv_v1": [{"name": "groups 2, deformable_groups 2, pad 1",
                            "attrs": {"groups": 2, "deformable_groups": 2, "paddings": [1, 1]},
                            "inputs": _CASE}],
    # the grad's proto has no attribute defaults: a grad OpDesc carries all of them
    "deformable_conv_grad": [{"name": "groups 2, deformable_groups 2, pad 1",
                              "attrs": {"groups": 2, "deformable_groups": 2, "paddings": [1, 1],
                                        "strides": [1, 1], "dilations": [1, 1],
                                        "im2col_step": 64},
                              "inputs": {**_CASE, "Mask": {"shape": (2, 18, 5, 5), "low": 0.0,
                                                           "high": 1.0},
                                         "Output@GRAD": (2, 6, 5, 5)},
                              "outputs": ["Input@GRAD", "Offset@GRAD", "Filter@GRAD",
                                          "Mask@GRAD"]}],
    "deformable_conv_v1_grad": [{"name": "groups 2, deformable_groups 2, pad 1",
                                 "attrs": {"groups": 2, "deformable_groups": 2,
                                           "paddings": [1, 1]},
                                 "inputs": {**_CASE, "Output@GRAD": (2, 6, 5, 5)},
                                 "outputs": ["Input@GRAD", "Offset@GRAD", "Filter@GRAD"]}],
}
