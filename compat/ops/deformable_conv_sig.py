"""deformable_conv_v1: the deformable_conv kernel without a Mask (its proto lists groups
before deformable_groups, the kernel the other way round)."""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import KernelSignature


@register_arg_mapping("deformable_conv_v1")
def deformable_conv_v1_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return KernelSignature("deformable_conv", ["Input", "Offset", "Filter", "Mask"],
                           ["strides", "paddings", "dilations", "deformable_groups", "groups",
                            "im2col_step"], ["Output"])
