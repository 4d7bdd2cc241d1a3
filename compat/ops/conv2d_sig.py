"""conv2d / depthwise_conv2d: the proto order fits the kernels, except for fused programs.

Bias and ResidualData are oneDNN fusion inputs; a program feeding them is left
to the legacy kernel (which rejects it) rather than silently dropping them.
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature


def _fused(ctx: ArgumentMappingContext) -> bool:
    return ctx.has_input("Bias") or ctx.has_input("ResidualData")


@register_arg_mapping("conv2d")
def conv2d_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if _fused(ctx):
        return UNREGISTERED
    return KernelSignature("conv2d", ["Input", "Filter"],
                           ["strides", "paddings", "padding_algorithm", "dilations", "groups",
                            "data_format"], ["Output"])


@register_arg_mapping("depthwise_conv2d")
def depthwise_conv2d_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    if _fused(ctx):
        return UNREGISTERED
    return KernelSignature("depthwise_conv2d", ["Input", "Filter"],
                           ["strides", "paddings", "padding_algorithm", "groups", "dilations",
                            "data_format"], ["Output"])
