"""conv2d_transpose / depthwise_conv2d_transpose: the proto order fits the kernels, except
for fused programs and tensor output sizes.

Bias is a oneDNN fusion input; a program feeding it is left to the legacy kernel (which
rejects it) rather than silently dropping it. An output_size held in tensors (a VARS
attribute naming variables) is refused here with a sentence saying so.
"""

from compat.arg_mapping import register_arg_mapping
from compat.arg_mapping_context import ArgumentMappingContext
from compat.kernel_signature import UNREGISTERED, KernelSignature
from phi.kernels.funcs.conv_transpose import check_static_output_size

_ATTRS = ["strides", "paddings", "output_padding", "output_size", "padding_algorithm",
          "groups", "dilations", "data_format"]


def _signature(ctx: ArgumentMappingContext, name: str) -> KernelSignature:
    if ctx.has_input("Bias"):
        return UNREGISTERED
    check_static_output_size(name, ctx.attr("output_size"))
    return KernelSignature(name, ["Input", "Filter"], _ATTRS, ["Output"])


@register_arg_mapping("conv2d_transpose")
def conv2d_transpose_op_argument_mapping(ctx: ArgumentMappingContext) -> KernelSignature:
    return _signature(ctx, "conv2d_transpose")


@register_arg_mapping("depthwise_conv2d_transpose")
def depthwise_conv2d_transpose_op_argument_mapping(ctx: ArgumentMappingContext
                                                   ) -> KernelSignature:
    return _signature(ctx, "depthwise_conv2d_transpose")
