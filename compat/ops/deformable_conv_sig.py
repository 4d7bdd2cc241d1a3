"""deformable_conv_v1 and its grad: the deformable_conv / deformable_conv_grad kernels
without a Mask (its proto lists groups before deformable_groups, the kernel the other way
round)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("deformable_conv_v1")
def deformable_conv_v1_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("deformable_conv", ["Input", "Offset", "Filter", "Mask"],
                           ["strides", "paddings", "dilations", "deformable_groups", "groups",
                            "im2col_step"], ["Output"])


@register_arg_mapping("deformable_conv_v1_grad")
def deformable_conv_v1_grad_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("deformable_conv_grad",
                           ["Input", "Offset", "Filter", "Mask", "Output@GRAD"],
                           ["strides", "paddings", "dilations", "deformable_groups", "groups",
                            "im2col_step"],
                           ["Input@GRAD", "Offset@GRAD", "Filter@GRAD", "Mask@GRAD"])
